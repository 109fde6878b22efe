/**
 * /register and /registration (spec sections 3 and 4): the pupil's names, phone, grade, province -> district ->
 * school, parent phone; then a code goes to the phone and the code step follows at /confirm-registration.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrors, pendingRegistration, registrationDraft, requestCode, type RegistrationForm } from '../../auth/otp';
import { Alert, Button, SelectField, TextField } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { districtsPath, placeName, provincesPath, schoolsPath, sortedPlaces, usePlaces } from '../../lib/places';

const EMPTY: RegistrationForm = { firstName: '', lastName: '', phone: '+7', grade: '', province: '', district: '', school: '', parentPhone: '+7' };
const GRADES = Array.from({ length: 11 }, (_, i) => i + 1);

export default function RegistrationPage() {
  const { t, i18n } = useTranslation('loginPage');
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(() => registrationDraft.read() ?? EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const provinces = usePlaces(provincesPath);
  const districts = usePlaces(districtsPath(form.province));
  const schools = usePlaces(schoolsPath(form.district));
  const sorted = (list: Parameters<typeof sortedPlaces>[0]) => sortedPlaces(list, i18n.resolvedLanguage);

  const set = (field: keyof RegistrationForm) => (value: string) =>
    setForm((f) => {
      const next = { ...f, [field]: value };
      if (field === 'province') Object.assign(next, { district: '', school: '' });
      if (field === 'district') next.school = '';
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setErrors({});
    const missing = (Object.keys(form) as (keyof RegistrationForm)[]).filter((k) => !form[k].trim() || form[k].trim() === '+7');
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((k) => [k, t('register.required')])));
      return;
    }
    setBusy(true);
    registrationDraft.write(form);
    try {
      const sent = await requestCode({ phone: form.phone }, 'register');
      pendingRegistration.write({ form, sent });
      void navigate('/confirm-registration');
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{t('register.title')}</h1>
        <p className="muted">{t('register.lead')}</p>
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <div className="form-grid">
            <TextField label={t('fields.firstName')} autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} error={errors.firstName} />
            <TextField label={t('fields.lastName')} autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} error={errors.lastName} />
            <TextField label={t('fields.phone')} type="tel" autoComplete="tel" inputMode="tel" value={form.phone} onChange={(e) => set('phone')(e.target.value)} error={errors.phone} hint={t('fields.phoneHint')} />
            <SelectField label={t('fields.grade')} value={form.grade} onChange={(e) => set('grade')(e.target.value)} error={errors.grade} hint={t('fields.gradeHint')}>
              <option value="">{t('fields.choose')}</option>
              {GRADES.map((g) => (
                <option key={g} value={g}>
                  {t('fields.gradeN', { grade: g })}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('fields.province')} value={form.province} onChange={(e) => set('province')(e.target.value)} error={errors.province} disabled={!provinces}>
              <option value="">{t('fields.choose')}</option>
              {sorted(provinces).map((p) => (
                <option key={p.id} value={p.id}>
                  {placeName(p)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('fields.district')} value={form.district} onChange={(e) => set('district')(e.target.value)} error={errors.district} disabled={!form.province || !districts}>
              <option value="">{t('fields.choose')}</option>
              {sorted(districts).map((p) => (
                <option key={p.id} value={p.id}>
                  {placeName(p)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('fields.school')} value={form.school} onChange={(e) => set('school')(e.target.value)} error={errors.school} disabled={!form.district || !schools}>
              <option value="">{t('fields.choose')}</option>
              {sorted(schools).map((p) => (
                <option key={p.id} value={p.id}>
                  {placeName(p)}
                </option>
              ))}
            </SelectField>
            <TextField label={t('fields.parentPhone')} type="tel" inputMode="tel" value={form.parentPhone} onChange={(e) => set('parentPhone')(e.target.value)} error={errors.parentPhone} />
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" busy={busy}>
            {t('register.submit')}
          </Button>
          <p className="muted">
            {t('register.haveAccount')} <Link to="/login">{t('login.title')}</Link>
          </p>
        </form>
      </div>
    </section>
  );
}
