/**
 * The statistics tab (`trainings/{id}/statistics`: participants by how they joined, and per subchapter test the
 * pupils, attempts and average best points) and the test statistics tab (`trainings/{id}/quiz-statistics`: per test
 * the distribution of points and each question's correct rate), as charts with their numbers.
 */
import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/Charts';
import { useApi } from '../../hooks/useApi';
import { testRows, viaRows, type TrainingSummary } from './logic';
import { NAMESPACES, useLocale } from './shared';
import type { QuizStatisticsReply } from '@olymp/proto';

export function Statistics({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const stats = useApi<{ data: TrainingSummary }>(`trainings/${trainingId}/statistics`);
  const s = stats.data?.data;
  if (!s) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.participants')} value={s.participants} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.withFinishedTests')} value={s.withFinishedTests} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.averagePoints')} value={s.averagePoints} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.outOfHearts')} value={s.outOfHearts} />
        </Col>
      </Row>
      <Card size="small" title={t('charts.perTest')}>
        {s.tests.length === 0 ? (
          <Typography.Text type="secondary">{t('common:common.noData')}</Typography.Text>
        ) : (
          <BarChart
            title={t('charts.perTest')}
            data={testRows(s, locale)}
            x="test"
            series={[
              { key: 'pupils', label: t('charts.pupils') },
              { key: 'attempts', label: t('charts.attempts') },
              { key: 'average', label: t('charts.averageBestPoints') },
            ]}
          />
        )}
      </Card>
      <Card size="small" title={t('charts.byVia')}>
        <BarChart title={t('charts.byVia')} data={viaRows(s, (v) => t(`via.${v}`))} x="via" series={[{ key: 'count', label: t('charts.pupils') }]} />
      </Card>
    </Space>
  );
}

export function TestStatistics({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const stats = useApi<QuizStatisticsReply>(`trainings/${trainingId}/quiz-statistics`);
  const quizzes = stats.data?.data ?? [];
  if (!stats.isLoading && quizzes.length === 0) return <Typography.Text type="secondary">{t('common:common.noData')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {quizzes.map((q) => (
        <Card key={q.quizId} size="small" title={`${q.group.title[locale]} — ${q.title[locale]}`}>
          <Typography.Paragraph>{t('common:statistics.summary', { attempts: q.attempts, average: q.averagePoints, max: q.maxPoints })}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <BarChart
                title={t('common:statistics.distribution')}
                data={q.distribution.map((d) => ({ range: `${d.fromPercent}–${d.toPercent}%`, count: d.count }))}
                x="range"
                series={[{ key: 'count', label: t('common:statistics.pupils') }]}
              />
            </Col>
            <Col xs={24} lg={12}>
              <BarChart
                title={t('common:statistics.correctRate')}
                data={q.questions.map((x) => ({ question: `#${x.number}`, rate: x.correctRate }))}
                x="question"
                series={[{ key: 'rate', label: t('common:statistics.correctRate') }]}
              />
            </Col>
          </Row>
        </Card>
      ))}
    </Space>
  );
}
