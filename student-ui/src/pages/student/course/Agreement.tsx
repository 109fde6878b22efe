/**
 * The course's terms to accept (docs/course-pages.md, onboarding and agreements): on the online course's page, and on
 * the free trial lesson's page, whose link waits for them too.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { type AgreementView, acceptAgreement } from '../../../api/coursePages';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, Card, EmptyState } from '../../../design';
import { useToast } from '../../../design/toasts';
import { formatDateTime, pick } from '../../../lib/format';

export function Agreement({ view, onboarding, gated, onChange }: { view: AgreementView; onboarding: boolean; gated: boolean; onChange: (v: AgreementView) => void }) {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const accept = async () => {
    if (!view.current) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await acceptAgreement(view.courseId, view.current.version);
      onChange(answer.data);
      toast.show({ type: 'success', text: t('online.terms.thanks') });
    } catch (err) {
      setProblem(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack" data-testid="agreement">
      {onboarding ? (
        <Card title={t('online.terms.welcome')}>
          <p>{gated ? t('online.terms.gated') : t('online.terms.intro')}</p>
        </Card>
      ) : null}
      {view.current ? (
        <Card title={t('online.terms.title', { version: view.current.version })}>
          <p style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{pick(view.current.text, locale)}</p>
          {view.mustAccept ? (
            <>
              {view.acceptedVersion ? <Alert tone="warning">{t('online.terms.changed', { version: view.acceptedVersion })}</Alert> : null}
              {problem ? <Alert tone="error">{problem}</Alert> : null}
              <Button busy={busy} onClick={() => void accept()}>{t('online.terms.accept')}</Button>
            </>
          ) : (
            <p><Badge tone="success">{t('online.terms.accepted', { version: view.acceptedVersion, at: view.acceptedAt ? formatDateTime(view.acceptedAt, locale) : '' })}</Badge></p>
          )}
        </Card>
      ) : <EmptyState icon="📄" title={t('online.terms.none')} />}
    </div>
  );
}
