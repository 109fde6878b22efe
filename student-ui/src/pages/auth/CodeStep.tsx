/** The code step: six digits, the resend timer as mm:ss from the server's seconds, resend, change number. */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '../../design';
import { mmss } from '../../lib/format';
import { secondsLeft, type CodeSent } from '../../auth/otp';

export interface CodeStepProps {
  sent: CodeSent;
  busy: boolean;
  error: string | null;
  onSubmit(code: string): void;
  onResend(): Promise<void>;
  onChange(): void;
}

export function CodeStep({ sent, busy, error, onSubmit, onResend, onChange }: CodeStepProps) {
  const { t } = useTranslation('loginPage');
  const [code, setCode] = useState('');
  const [left, setLeft] = useState(() => secondsLeft(sent));
  const [resending, setResending] = useState(false);

  useEffect(() => {
    setLeft(secondsLeft(sent));
    const timer = setInterval(() => setLeft(secondsLeft(sent)), 250);
    return () => clearInterval(timer);
  }, [sent]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (/^\d{6}$/.test(code)) onSubmit(code);
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>{t('code.sentTo', { target: sent.sentTo })}</p>
      <TextField
        label={t('code.label')}
        className="input--code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="\d{6}"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        autoFocus
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" busy={busy} disabled={code.length !== 6}>
        {t('code.submit')}
      </Button>
      <div className="cluster">
        {left > 0 ? (
          <p className="muted" aria-live="off">
            {t('code.resendIn')} <time className="code-timer">{mmss(left)}</time>
          </p>
        ) : (
          <button
            type="button"
            className="link-button"
            disabled={resending}
            onClick={() => {
              setResending(true);
              void onResend().finally(() => setResending(false));
            }}
          >
            {t('code.resend')}
          </button>
        )}
        <button type="button" className="link-button" onClick={onChange}>
          {t('code.changeNumber')}
        </button>
      </div>
    </form>
  );
}
