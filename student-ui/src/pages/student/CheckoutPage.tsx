/** /student/zpoint/checkout: how many ZP to buy; the recharge is created and its payment page follows. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createRecharge } from '../../api/finance';
import { errorMessage } from '../../auth/otp';
import { Alert, Button, Card, TextField } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';

const PRESETS = [100, 500, 1000];

export default function CheckoutPage() {
  const { t } = useTranslation('finances');
  usePageTitle(t('zp.recharge'));
  const navigate = useNavigate();
  const [amount, setAmount] = useState('500');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount);
    if (!Number.isInteger(n) || n < 1) {
      setError(t('zp.amountInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const recharge = await createRecharge(n);
      void navigate(`/student/zpoint/recharges/${recharge.id}/payment`);
    } catch (err) {
      setError(errorMessage(err, t('errors.pay')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('zp.recharge')}>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <div className="cluster">
          {PRESETS.map((p) => (
            <Button key={p} variant={Number(amount) === p ? 'secondary' : 'outline'} small onClick={() => setAmount(String(p))}>
              {p} ZP
            </Button>
          ))}
        </div>
        <TextField label={t('zp.amount')} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))} />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" busy={busy}>
          {t('zp.continue')}
        </Button>
      </form>
    </Card>
  );
}
