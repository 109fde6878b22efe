/** /confirm-registration: the code sent to the phone; on success the pupil is registered and signed in. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { apiJson } from '../../api/http';
import type { SignInReply } from '@olymp/proto';
import { homeOf, useAuth } from '../../auth/AuthProvider';
import { errorMessage, pendingRegistration, registrationDraft, requestCode } from '../../auth/otp';
import { deviceId, deviceInfo } from '../../lib/device';
import { usePageTitle } from '../../hooks/usePageTitle';
import { CodeStep } from './CodeStep';

export default function ConfirmRegistrationPage() {
  const { t } = useTranslation('loginPage');
  usePageTitle(t('confirm.title'));
  const navigate = useNavigate();
  const auth = useAuth();
  const [pending, setPending] = useState(() => pendingRegistration.read());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const registering = useRef(false);

  if (!registering.current && auth.status === 'signedIn' && auth.user) return <Navigate to={homeOf(auth.user)} replace />;
  if (!pending) return <Navigate to="/registration" replace />;

  const submit = async (code: string) => {
    setBusy(true);
    setError(null);
    registering.current = true;
    try {
      const { form } = pending;
      const answer = await apiJson<SignInReply>('register', {
        method: 'POST',
        body: {
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          phone: form.phone,
          grade: Number(form.grade),
          province: Number(form.province),
          district: Number(form.district),
          school: Number(form.school),
          parentPhone: form.parentPhone,
          code,
          device_id: deviceId(),
          device_info: deviceInfo(),
        },
      });
      await auth.signIn(answer.data);
      pendingRegistration.write(null);
      registrationDraft.write(null);
      void navigate('/registration-completed', { replace: true, state: { justRegistered: true } });
    } catch (err) {
      registering.current = false;
      setError(errorMessage(err, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{t('confirm.title')}</h1>
        <CodeStep
          sent={pending.sent}
          busy={busy}
          error={error}
          onSubmit={(code) => void submit(code)}
          onResend={async () => {
            try {
              const sent = await requestCode({ phone: pending.form.phone }, 'register');
              const next = { ...pending, sent };
              pendingRegistration.write(next);
              setPending(next);
            } catch (err) {
              setError(errorMessage(err, t('errors.generic')));
            }
          }}
          onChange={() => {
            pendingRegistration.write(null);
            void navigate('/registration');
          }}
        />
      </div>
    </section>
  );
}
