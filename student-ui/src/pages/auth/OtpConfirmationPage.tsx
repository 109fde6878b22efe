/**
 * /otp-confirmation (spec sections 4 and 7): only with a pending credential (else back to /login). Login with the
 * code, then the profile and permissions load; the pupil goes to ?redirect= or the student home, staff to /admin.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiJson } from '../../api/http';
import type { SignInReply } from '@olymp/proto';
import { homeOf, useAuth } from '../../auth/AuthProvider';
import { safeRedirect } from '../../auth/guards';
import { REQUEST_ROLE, errorMessage, pendingLogin, requestCode } from '../../auth/otp';
import { deviceId, deviceInfo } from '../../lib/device';
import { usePageTitle } from '../../hooks/usePageTitle';
import { CodeStep } from './CodeStep';

export default function OtpConfirmationPage() {
  const { t } = useTranslation('loginPage');
  usePageTitle(t('otp.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const auth = useAuth();
  const [pending, setPending] = useState(() => pendingLogin.read());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signingIn = useRef(false);

  const redirect = safeRedirect(params.get('redirect'));
  if (!signingIn.current && auth.status === 'signedIn' && auth.user) return <Navigate to={redirect ?? homeOf(auth.user)} replace />;
  if (!pending) return <Navigate to={`/login${location.search}`} replace />;

  const submit = async (otp: string) => {
    setBusy(true);
    setError(null);
    signingIn.current = true;
    try {
      const target = pending.channel === 'phone' ? { phone: pending.value } : { email: pending.value };
      const answer = await apiJson<SignInReply>('login', {
        method: 'POST',
        body: { ...target, otp, role: REQUEST_ROLE, device_id: deviceId(), device_info: deviceInfo() },
      });
      const user = await auth.signIn(answer.data);
      pendingLogin.write(null);
      const home = homeOf(user);
      const to = redirect && (user.student ? redirect.startsWith('/student') || !redirect.startsWith('/admin') : true) ? redirect : home;
      // The staff area is another app: leave this one.
      if (to.startsWith('/admin')) window.location.assign(to);
      else void navigate(to, { replace: true });
    } catch (err) {
      signingIn.current = false;
      setError(errorMessage(err, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{t('otp.title')}</h1>
        <CodeStep
          sent={pending.sent}
          busy={busy}
          error={error}
          onSubmit={(code) => void submit(code)}
          onResend={async () => {
            try {
              const sent = await requestCode(pending.channel === 'phone' ? { phone: pending.value } : { email: pending.value }, 'login');
              const next = { ...pending, sent };
              pendingLogin.write(next);
              setPending(next);
            } catch (err) {
              setError(errorMessage(err, t('errors.generic')));
            }
          }}
          onChange={() => {
            pendingLogin.write(null);
            void navigate(`/login${location.search}`);
          }}
        />
      </div>
    </section>
  );
}
