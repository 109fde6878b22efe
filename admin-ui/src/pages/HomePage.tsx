/**
 * The staff home: today's figures for what the signed-in role may open, each linking to its list. Learning's
 * (`stats/learning`: pupils active today, tests started and finished today, live challenges and their participants) need
 * `sidebar:challenge_index`; finance's (invoices paid today and their revenue, from `finance/overview`) need
 * `finance:overview`. A role sees no card it could not follow.
 */
import type { FinanceOverviewReply, LearningTodayReply } from '@olymp/proto';
import { useGo } from '@refinedev/core';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, usePageTitle } from '../hooks/usePageTitle';
import { useAccess } from '../hooks/useAccess';
import { useApi } from '../hooks/useApi';

type LearningStats = LearningTodayReply['data'];

const almatyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date());

function Figure({ id, title, value, to, suffix }: { id: string; title: string; value: number | undefined; to: string; suffix?: string }) {
  const go = useGo();
  return (
    <Col xs={12} md={8} xl={6}>
      <Card hoverable size="small" data-testid={`figure-${id}`} onClick={() => go({ to })} role="link" aria-label={title}>
        <Statistic title={title} value={value ?? '—'} suffix={suffix} loading={value === undefined} />
      </Card>
    </Col>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('sidebar.home'));
  const { has } = useAccess();
  const learning = has('sidebar:challenge_index');
  const finance = has('sidebar:payment_index', 'finance:overview');
  const today = almatyToday();
  const stats = useApi<{ data: LearningStats }>('stats/learning', {}, learning);
  const money = useApi<FinanceOverviewReply>('finance/overview', { from: today, to: today }, finance);
  const s = stats.data?.data;
  const totals = money.data?.data.totals;
  return (
    <>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {PRODUCT_NAME}
        </Typography.Title>
        <Typography.Title level={4} type="secondary" style={{ margin: 0 }}>
          {t('home.subtitle')}
        </Typography.Title>
      </Card>
      {learning || finance ? (
        <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>{t('home.today')}</Typography.Title>}>
          <Row gutter={[16, 16]}>
            {learning ? (
              <>
                <Figure id="pupils-active" title={t('home.pupilsActive')} value={s?.pupilsActive} to="/students" />
                <Figure id="tests-started" title={t('home.testsStarted')} value={s?.testsStarted} to="/challenges" />
                <Figure id="tests-finished" title={t('home.testsFinished')} value={s?.testsFinished} to="/challenges" />
                <Figure id="live-challenges" title={t('home.liveChallenges')} value={s?.liveChallenges} to="/challenges" />
                <Figure id="participants" title={t('home.participants')} value={s?.participants} to="/challenges" />
              </>
            ) : null}
            {finance ? (
              <>
                <Figure id="invoices-paid" title={t('home.invoicesPaid')} value={totals?.invoices} to="/finance/invoices" />
                <Figure id="revenue" title={t('home.revenue')} value={totals?.invoiceTenge} suffix="₸" to="/finance" />
              </>
            ) : null}
          </Row>
        </Card>
      ) : (
        <Typography.Paragraph style={{ maxWidth: 640 }}>{t('home.text')}</Typography.Paragraph>
      )}
    </>
  );
}
