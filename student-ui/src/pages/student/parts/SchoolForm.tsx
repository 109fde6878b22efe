/**
 * Profile edit, the school (spec section 7, students update-school): province -> district -> school as in
 * registration; the server checks that they fit together and answers per field.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authJson } from '../../../api/session';
import { useAuth, useUser } from '../../../auth/AuthProvider';
import { errorMessage, fieldErrors } from '../../../auth/otp';
import { Alert, Button, Card, SelectField } from '../../../design';
import { useToast } from '../../../design/toasts';
import { districtsPath, placeName, provincesPath, schoolsPath, sortedPlaces, usePlaces, type Place } from '../../../lib/places';

type SchoolFields = { province: string; district: string; school: string };

const asText = (id: number | null) => (id === null ? '' : String(id));

export function SchoolForm() {
  const { t, i18n } = useTranslation('profile');
  const user = useUser();
  const { reloadProfile } = useAuth();
  const toast = useToast();
  const [form, setForm] = useState<SchoolFields>({ province: asText(user.provinceId), district: asText(user.districtId), school: asText(user.schoolId) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const provinces = usePlaces(provincesPath);
  const districts = usePlaces(districtsPath(form.province));
  const schools = usePlaces(schoolsPath(form.district));

  const set = (field: keyof SchoolFields) => (value: string) =>
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
    const missing = (Object.keys(form) as (keyof SchoolFields)[]).filter((k) => !form[k]);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((k) => [k, t('school.required')])));
      return;
    }
    setBusy(true);
    try {
      await authJson(`students/${user.uuid}/update-school`, { method: 'PUT', body: { province: Number(form.province), district: Number(form.district), school: Number(form.school) } });
      await reloadProfile();
      toast.show({ type: 'success', text: t('school.saved') });
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(false);
    }
  };

  const options = (list: Place[] | null) =>
    sortedPlaces(list, i18n.resolvedLanguage).map((p) => (
      <option key={p.id} value={p.id}>
        {placeName(p)}
      </option>
    ));

  return (
    <Card title={t('school.title')}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label={t('school.title')}>
        <div className="form-grid">
          <SelectField label={t('fields.province')} value={form.province} onChange={(e) => set('province')(e.target.value)} error={errors.province} disabled={!provinces}>
            <option value="">{t('fields.choose')}</option>
            {options(provinces)}
          </SelectField>
          <SelectField label={t('fields.district')} value={form.district} onChange={(e) => set('district')(e.target.value)} error={errors.district} disabled={!form.province || !districts}>
            <option value="">{t('fields.choose')}</option>
            {options(districts)}
          </SelectField>
          <SelectField label={t('fields.school')} value={form.school} onChange={(e) => set('school')(e.target.value)} error={errors.school} disabled={!form.district || !schools}>
            <option value="">{t('fields.choose')}</option>
            {options(schools)}
          </SelectField>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" busy={busy}>
          {t('school.save')}
        </Button>
      </form>
    </Card>
  );
}
