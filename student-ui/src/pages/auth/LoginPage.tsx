/** /login (spec section 4): a one-time code by phone or e-mail; the chosen channel is remembered. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/http';
import { errorMessage, fieldErrors, pendingLogin, requestCode, type Channel } from '../../auth/otp';
import { Alert, Button, TextField } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { STORAGE_KEYS, readKey, writeKey } from '../../lib/storage';

export default function LoginPage() {
  const { t } = useTranslation('loginPage');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [channel, setChannel] = useState<Channel>(() => (readKey(STORAGE_KEYS.loginChannel) === 'email' ? 'email' : 'phone'));
  const [value, setValue] = useState(() => {
    const pending = pendingLogin.read();
    return pending && pending.channel === channel ? pending.value : channel === 'phone' ? '+7' : '';
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; register?: boolean } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const choose = (next: Channel) => {
    setChannel(next);
    writeKey(STORAGE_KEYS.loginChannel, next);
    setValue(next === 'phone' ? '+7' : '');
    setError(null);
    setFieldError(undefined);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldError(undefined);
    if (!value.trim() || value.trim() === '+7') {
      setFieldError(t('register.required'));
      return;
    }
    setBusy(true);
    try {
      const sent = await requestCode(channel === 'phone' ? { phone: value.trim() } : { email: value.trim() }, 'login');
      pendingLogin.write({ channel, value: value.trim(), sent });
      void navigate(`/otp-confirmation${location.search}`);
    } catch (err) {
      const code = err instanceof ApiError ? (err.body as { code?: string } | undefined)?.code : undefined;
      const fields = fieldErrors(err);
      setFieldError(fields.phone ?? fields.email);
      setError({ text: errorMessage(err, t('errors.generic')), register: code === 'ACCOUNT_NOT_FOUND' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{t('login.title')}</h1>
        <p className="muted">{t('login.lead')}</p>
        <div className="segmented" role="group" aria-label={t('login.channel')}>
          {(['phone', 'email'] as const).map((c) => (
            <button key={c} type="button" className="segmented__option" aria-pressed={channel === c} onClick={() => choose(c)}>
              {t(`login.by.${c}`)}
            </button>
          ))}
        </div>
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          {channel === 'phone' ? (
            <TextField label={t('fields.phone')} type="tel" inputMode="tel" autoComplete="tel" value={value} onChange={(e) => setValue(e.target.value)} error={fieldError} hint={t('fields.phoneHint')} />
          ) : (
            <TextField label={t('fields.email')} type="email" autoComplete="email" value={value} onChange={(e) => setValue(e.target.value)} error={fieldError} hint={t('login.emailHint')} />
          )}
          {error ? (
            <Alert tone="error">
              {error.text}
              {error.register ? (
                <>
                  {' '}
                  <Link to="/registration">{t('register.title')}</Link>
                </>
              ) : null}
            </Alert>
          ) : null}
          <Button type="submit" busy={busy}>
            {t('login.submit')}
          </Button>
          <p className="muted">
            {t('login.noAccount')} <Link to="/registration">{t('register.title')}</Link>
          </p>
        </form>
      </div>
    </section>
  );
}
