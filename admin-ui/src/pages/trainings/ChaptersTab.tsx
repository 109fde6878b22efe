/**
 * The chapters tab: the training's chapters in order, each with its subchapters (lessons) and their tests, read from
 * `trainings/{id}/chapters`. Adding a chapter or a subchapter needs `training:chapter_create`; editing a chapter
 * needs `training:update` (the API's key for it); opening a subchapter and editing it, `training:subchapter_update`.
 */
import { useGo } from '@refinedev/core';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { NAMESPACES, useLocale } from './shared';
import type { ChapterListReply } from '@olymp/proto';

export type { ChapterView } from '@olymp/proto';

export function ChaptersTab({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  const chapters = useApi<ChapterListReply>(`trainings/${trainingId}/chapters`);
  const list = chapters.data?.data ?? [];
  const base = `/trainings/${trainingId}`;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {has('training:chapter_create') ? (
        <Button type="primary" onClick={() => go({ to: `${base}/chapters/create` })}>
          {t('addChapter')}
        </Button>
      ) : null}
      {!chapters.isLoading && list.length === 0 ? <Empty description={t('noChapters')} /> : null}
      {list.map((ch) => (
        <Card
          key={ch.id}
          size="small"
          data-testid="chapter"
          title={
            <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
              {ch.title[locale]}
            </Typography.Title>
          }
          extra={
            <Space>
              {has('training:update') ? (
                <Button size="small" onClick={() => go({ to: `${base}/chapters/${ch.id}/edit` })}>
                  {t('editChapter')}
                </Button>
              ) : null}
              {has('training:chapter_create') ? (
                <Button size="small" onClick={() => go({ to: `${base}/chapters/${ch.id}/subchapters/create` })}>
                  {t('addSubchapter')}
                </Button>
              ) : null}
            </Space>
          }
        >
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={ch.subchapters}
            locale={{ emptyText: t('noSubchapters') }}
            columns={[
              { title: t('common:fields.position'), dataIndex: 'position', width: 90 },
              { title: t('common:fields.title'), render: (_, s) => s.title[locale] },
              {
                title: t('test'),
                render: (_, s) =>
                  s.quiz ? (
                    <Space>
                      {s.quiz.title[locale]}
                      <Tag>{t('questionCount', { n: s.quiz.questionCount })}</Tag>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('noTest')}</Typography.Text>
                  ),
              },
              {
                title: t('common:table.actions'),
                render: (_, s) => (
                  <Space>
                    <Button size="small" onClick={() => go({ to: `${base}/subchapters/${s.id}` })}>
                      {t('openSubchapter')}
                    </Button>
                    {has('training:subchapter_update') ? (
                      <Button size="small" onClick={() => go({ to: `${base}/subchapters/${s.id}/edit` })}>
                        {t('editSubchapter')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
