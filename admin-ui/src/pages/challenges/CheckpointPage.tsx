/**
 * A checkpoint of a challenge (spec 2: checkpoint view and edit): its day, titles and opening hour in Asia/Almaty,
 * and its tests, with a new test created here and opened in the quiz builder. The backend has no read of a
 * checkpoint's test list; the tests come from the challenge's results filter options, grouped by checkpoint.
 */
import type { ResultFilterOptionsReply } from '@olymp/proto';
import { DEFAULT_LOCALE, isLocale } from '@olymp/web-common';
import { useGo, useNotification } from '@refinedev/core';
import { Button, Card, Form, Input, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GeneratedForm } from '../../crud/GeneratedForm';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import type { PageProps } from '../registry';

export default function CheckpointPage({ id, params }: PageProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const challengeId = params.challengeId ?? '';
  const { has } = useAccess();
  const go = useGo();
  const { open } = useNotification();
  const [form] = Form.useForm();
  const options = useApi<ResultFilterOptionsReply>(`challenges/${challengeId}/quiz-results-filter-options`, {}, has('challenge:test_result_tab'));
  const quizzes = (options.data?.data.quizzes ?? []).filter((q) => q.group.id === id);

  const createQuiz = async (values: { titleKk: string; titleRu: string; titleEn: string }) => {
    try {
      const quiz = await apiSend<{ id: string }>('post', 'quizzes', values);
      await apiSend('put', `checkpoints/${id}/quizzes`, { quizIds: [...quizzes.map((q) => q.id), quiz.id] });
      go({ to: `/quizzes/${quiz.id}` });
    } catch (e) {
      const error = e as { message?: string; errors?: Record<string, string[]> };
      form.setFields(Object.entries(error.errors ?? {}).map(([name, errors]) => ({ name, errors })));
      open?.({ type: 'error', message: error.message ?? t('errors.unknown') });
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => go({ to: `/challenges/${challengeId}` })}>{t('buttons.back')}</Button>
      {has('checkpoint:update') ? <GeneratedForm resource="checkpoints" action="edit" id={id} redirect={false} /> : null}
      <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>{t('checkpoint.quizzes')}</Typography.Title>}>
        <List
          dataSource={quizzes}
          locale={{ emptyText: t('common.noData') }}
          renderItem={(q) => (
            <List.Item actions={[<Button key="open" size="small" onClick={() => go({ to: `/quizzes/${q.id}` })}>{t('checkpoint.openQuiz')}</Button>]}>
              {q.title[locale]}
            </List.Item>
          )}
        />
        {has('quiz:create', 'checkpoint:update') ? (
          // Named: its fields' ids must not collide with the checkpoint form's (titleKk, ...) on the same page.
          <Form form={form} name="newQuiz" layout="inline" style={{ marginTop: 16, rowGap: 8 }} onFinish={(v: { titleKk: string; titleRu: string; titleEn: string }) => void createQuiz(v)}>
            {(['Kk', 'Ru', 'En'] as const).map((l) => (
              <Form.Item key={l} name={`title${l}`} label={`${t('checkpoint.newQuizTitle')} (${t(`languages.${l.toLowerCase()}`)})`} rules={[{ required: true, message: t('validation.required', { field: t('fields.title') }) }]}>
                <Input />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit">
              {t('checkpoint.createQuiz')}
            </Button>
          </Form>
        ) : null}
      </Card>
    </Space>
  );
}
