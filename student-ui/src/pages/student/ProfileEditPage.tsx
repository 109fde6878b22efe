/**
 * Edit profile: names, e-mail, parent phone (the grade cannot change after registration, spec section 4); the school
 * (province -> district -> school); the avatar.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authJson } from '../../api/session';
import { useAuth, useUser } from '../../auth/AuthProvider';
import { errorMessage, fieldErrors } from '../../auth/otp';
import { Alert, Button, Card, TextField } from '../../design';
import { useToast } from '../../design/toasts';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AvatarForm } from './parts/AvatarForm';
import { SchoolForm } from './parts/SchoolForm';

export default function ProfileEditPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('edit'));
  const user = useUser();
  const { reloadProfile } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', parentPhone: user.parentPhone ?? '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      await authJson(`users/${user.uuid}`, {
        method: 'PUT',
        body: { firstName: form.firstName, lastName: form.lastName, email: form.email.trim() || null, parentPhone: form.parentPhone.trim() || null },
      });
      await reloadProfile();
      toast.show({ type: 'success', text: t('saved') });
      void navigate('/student/profile');
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof form) => ({ value: form[name], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })), error: errors[name] });
  return (
    <div className="stack">
      <Card title={t('edit')}>
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <div className="form-grid">
            <TextField label={t('fields.firstName')} {...field('firstName')} />
            <TextField label={t('fields.lastName')} {...field('lastName')} />
            <TextField label={t('fields.email')} type="email" {...field('email')} />
            <TextField label={t('fields.parentPhone')} type="tel" {...field('parentPhone')} />
            <TextField label={t('fields.grade')} value={String(user.grade ?? '')} readOnly disabled hint={t('gradeLocked')} />
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" busy={busy}>
            {t('save')}
          </Button>
        </form>
      </Card>
      <SchoolForm />
      <AvatarForm />
    </div>
  );
}
