/**
 * Chapter create and edit, subchapter create, show and edit (spec 2, admin trainings), reached from the chapters
 * tab under `/trainings/{trainingId}/...`. The forms are the generated ones (`training-chapters`,
 * `training-subchapters`), with the parent fixed by the path; saving goes back to the training or the subchapter.
 */
import { useGo, useOne, type BaseRecord } from '@refinedev/core';
import { Button, Card, Descriptions, Space, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneratedForm } from '../../crud/GeneratedForm';
import { localized } from '../../crud/labels';
import { useAccess } from '../../hooks/useAccess';
import { usePageTitle } from '../../hooks/usePageTitle';
import type { PageProps } from '../registry';
import { BackToTraining, NAMESPACES, trainingPath, useLocale } from './shared';

export function ChapterCreate({ params }: PageProps) {
  const trainingId = params.trainingId ?? '';
  const go = useGo();
  const fixed = useMemo(() => ({ trainingId }), [trainingId]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <BackToTraining trainingId={trainingId} />
      <GeneratedForm resource="training-chapters" action="create" fixed={fixed} redirect={false} onSaved={() => go({ to: trainingPath(trainingId) })} />
    </Space>
  );
}

export function ChapterEdit({ id, params }: PageProps) {
  const trainingId = params.trainingId ?? '';
  const go = useGo();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <BackToTraining trainingId={trainingId} />
      <GeneratedForm key={id} resource="training-chapters" action="edit" id={id} redirect={false} onSaved={() => go({ to: trainingPath(trainingId) })} />
    </Space>
  );
}

export function SubchapterCreate({ params }: PageProps) {
  const trainingId = params.trainingId ?? '';
  const chapterId = params.chapterId ?? '';
  const go = useGo();
  const fixed = useMemo(() => ({ chapterId }), [chapterId]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <BackToTraining trainingId={trainingId} />
      <GeneratedForm
        resource="training-subchapters"
        action="create"
        fixed={fixed}
        redirect={false}
        onSaved={(record) => go({ to: `/trainings/${trainingId}/subchapters/${String(record.id)}` })}
      />
    </Space>
  );
}

export function SubchapterEdit({ id, params }: PageProps) {
  const trainingId = params.trainingId ?? '';
  const go = useGo();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <BackToTraining trainingId={trainingId} />
      <GeneratedForm key={id} resource="training-subchapters" action="edit" id={id} redirect={false} onSaved={() => go({ to: `/trainings/${trainingId}/subchapters/${id}` })} />
    </Space>
  );
}

/** A subchapter: its chapter, titles, the lesson text in each language, and its test (opened in the quiz builder). */
export function SubchapterShow({ id, params }: PageProps) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  const trainingId = params.trainingId ?? '';
  const { query } = useOne<BaseRecord>({ resource: 'training-subchapters', id, meta: { join: [{ field: 'chapter' }, { field: 'quiz' }] } });
  const record = query.data?.data;
  const title = localized(record, 'title', locale) ?? '';
  usePageTitle(title || t('common:resources.training-subchapters.title'));
  if (!record) return null;
  const chapter = record.chapter as Record<string, unknown> | undefined;
  const quiz = record.quiz as Record<string, unknown> | null | undefined;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <BackToTraining trainingId={trainingId} />
      <Card
        title={
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
        }
        extra={
          has('training:subchapter_update') ? (
            <Button type="primary" onClick={() => go({ to: `/trainings/${trainingId}/subchapters/${id}/edit` })}>
              {t('common:buttons.edit')}
            </Button>
          ) : null
        }
      >
        <Descriptions bordered column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('common:fields.chapterId')}>{localized(chapter, 'title', locale) ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('common:fields.position')}>{String(record.position ?? 0)}</Descriptions.Item>
          <Descriptions.Item label={t('test')}>
            {quiz ? (
              <Space>
                {localized(quiz, 'title', locale)}
                {has('quiz:update') ? (
                  <Button size="small" onClick={() => go({ to: `/quizzes/${String(quiz.id)}` })}>
                    {t('openQuiz')}
                  </Button>
                ) : null}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('noTest')}</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
        <Tabs
          defaultActiveKey={locale}
          items={(['kk', 'ru', 'en'] as const).map((l) => ({
            key: l,
            label: t(`common:languages.${l}`),
            children: (
              <>
                <Typography.Title level={2} style={{ fontSize: 16 }}>
                  {localized(record, 'title', l) ?? ''}
                </Typography.Title>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{String(record[`content${l.charAt(0).toUpperCase()}${l.slice(1)}`] ?? '')}</Typography.Paragraph>
              </>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}
