/**
 * The quiz builder (spec 2: quizzes create and edit): the test's titles and duration, then its questions of four
 * kinds (single or multiple choice with answers, a number with a tolerance, short texts), each with points and
 * texts in kk, ru and en. Questions and answers are the standard `questions` and `answers` resources; a question
 * is added, edited (the same form, filled), moved up or down (`PUT quizzes/{id}/question-order`, one transaction),
 * previewed as a pupil sees it, or deleted.
 */
import { DEFAULT_LOCALE, isLocale } from '@olymp/web-common';
import { useDelete, useList, useNotification, useOne, type BaseRecord } from '@refinedev/core';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Form, Input, InputNumber, List, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '../../crud/labels';
import { enumText } from '../../crud/values';
import { useResourceMeta } from '../../meta/MetaContext';
import { useAccess } from '../../hooks/useAccess';
import { apiSend } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import type { PageProps } from '../registry';

const KINDS = ['single', 'multiple', 'numeric', 'text'] as const;
type Kind = (typeof KINDS)[number];
const LANGS = ['Kk', 'Ru', 'En'] as const;

interface AnswerInput {
  textKk: string;
  textRu: string;
  textEn: string;
  isCorrect?: boolean;
}

interface QuestionInput {
  kind: Kind;
  textKk: string;
  textRu: string;
  textEn: string;
  points: number;
  answers?: AnswerInput[];
  value?: number;
  tolerance?: number;
  texts?: string;
}

export default function QuizBuilder({ id }: PageProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const { has } = useAccess();
  const { open } = useNotification();
  const [form] = Form.useForm<QuestionInput>();
  const kind = Form.useWatch('kind', form) ?? 'single';
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<BaseRecord | null>(null);
  const [previewing, setPreviewing] = useState<BaseRecord | null>(null);
  const { query: quizQuery } = useOne<BaseRecord>({ resource: 'quizzes', id });
  const quiz = quizQuery.data?.data;
  usePageTitle(localized(quiz, 'title', locale) ?? t('sidebar.quizzes'));
  const { query: questionsQuery, result: questions } = useList<BaseRecord>({
    resource: 'questions',
    filters: [{ field: 'quizId', operator: 'eq', value: id }],
    sorters: [{ field: 'position', order: 'asc' }],
    pagination: { pageSize: 200, mode: 'server' },
  });
  const questionIds = questions.data.map((q) => q.id);
  const { query: answersQuery, result: answers } = useList<BaseRecord>({
    resource: 'answers',
    filters: [{ field: 'questionId', operator: 'in', value: questionIds }],
    sorters: [{ field: 'position', order: 'asc' }],
    pagination: { pageSize: 500, mode: 'server' },
    queryOptions: { enabled: questionIds.length > 0 },
  });
  const { mutate: remove } = useDelete();
  const canEdit = has('quiz:update') || has('quiz:create');
  const kindField = useResourceMeta('questions')?.fields.find((f) => f.name === 'kind');
  const kindLabel = (kind: unknown) => (kindField ? enumText(kindField, kind, t, locale) : t(`enums.${String(kind)}`, { defaultValue: String(kind) }));

  const answersOf = (questionId: unknown) => answers.data.filter((a) => a.questionId === questionId);

  const startEditing = (q: BaseRecord) => {
    const accepted = (q.accepted ?? {}) as { value?: number; tolerance?: number; texts?: string[] };
    setEditing(q);
    form.setFieldsValue({
      kind: q.kind as Kind,
      textKk: String(q.textKk ?? ''),
      textRu: String(q.textRu ?? ''),
      textEn: String(q.textEn ?? ''),
      points: Number(q.points ?? 0),
      answers: answersOf(q.id).map((a) => ({ textKk: String(a.textKk), textRu: String(a.textRu), textEn: String(a.textEn), isCorrect: Boolean(a.isCorrect) })),
      value: accepted.value,
      tolerance: accepted.tolerance,
      texts: accepted.texts?.join(', '),
    });
  };

  const stopEditing = () => {
    setEditing(null);
    form.resetFields();
  };

  /** Moves a question one place up or down: the whole order in one request (positions 0..n-1). */
  const move = async (index: number, by: -1 | 1) => {
    const order = questions.data.map((q) => String(q.id));
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved);
    try {
      await apiSend('put', `quizzes/${id}/question-order`, { questionIds: order });
      open?.({ type: 'success', message: t('quiz.orderSaved') });
    } catch (e) {
      open?.({ type: 'error', message: (e as { message?: string }).message ?? t('errors.unknown') });
    }
    await questionsQuery.refetch();
  };

  const add = async (v: QuestionInput) => {
    setSaving(true);
    try {
      const accepted =
        v.kind === 'numeric' ? { value: v.value, ...(v.tolerance ? { tolerance: v.tolerance } : {}) } : v.kind === 'text' ? { texts: (v.texts ?? '').split(',').map((s) => s.trim()).filter(Boolean) } : null;
      const fields = { kind: v.kind, textKk: v.textKk, textRu: v.textRu, textEn: v.textEn, points: v.points, accepted };
      const question = editing
        ? await apiSend<{ id: string }>('patch', `questions/${String(editing.id)}`, fields)
        : await apiSend<{ id: string }>('post', 'questions', { quizId: id, ...fields, position: questions.data.length });
      const existing = editing ? answersOf(editing.id) : [];
      const wanted = v.kind === 'single' || v.kind === 'multiple' ? (v.answers ?? []) : [];
      for (const [position, a] of wanted.entries()) {
        const body = { position, textKk: a.textKk, textRu: a.textRu, textEn: a.textEn, isCorrect: Boolean(a.isCorrect) };
        const current = existing[position];
        if (current) await apiSend('patch', `answers/${String(current.id)}`, body);
        else await apiSend('post', 'answers', { questionId: question.id, ...body });
      }
      for (const extra of existing.slice(wanted.length)) await apiSend('delete', `answers/${String(extra.id)}`);
      form.resetFields();
      open?.({ type: 'success', message: editing ? t('quiz.questionSaved') : t('quiz.questionAdded') });
      setEditing(null);
      await questionsQuery.refetch();
      await answersQuery.refetch();
    } catch (e) {
      const error = e as { message?: string; errors?: Record<string, string[]> };
      form.setFields(Object.entries(error.errors ?? {}).map(([name, errors]) => ({ name: name.split('.') as never, errors })));
      open?.({ type: 'error', message: error.message ?? t('errors.unknown') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {localized(quiz, 'title', locale)}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('quiz.summary', { count: questions.data.length, points: questions.data.reduce((s, q) => s + Number(q.points ?? 0), 0), minutes: Math.round(Number(quiz?.durationSeconds ?? 0) / 60) })}
        </Typography.Text>
      </Card>
      <Card title={t('quiz.questions')}>
        <List
          dataSource={questions.data}
          locale={{ emptyText: t('common.noData') }}
          renderItem={(q, i) => (
            <List.Item
              data-testid="question"
              actions={[
                <Button key="preview" size="small" icon={<EyeOutlined />} aria-label={t('quiz.preview')} onClick={() => setPreviewing(q)} />,
                ...(canEdit
                  ? [
                      <Button key="up" size="small" icon={<ArrowUpOutlined />} aria-label={t('quiz.moveUp')} disabled={i === 0} onClick={() => void move(i, -1)} />,
                      <Button key="down" size="small" icon={<ArrowDownOutlined />} aria-label={t('quiz.moveDown')} disabled={i === questions.data.length - 1} onClick={() => void move(i, 1)} />,
                      <Button key="edit" size="small" icon={<EditOutlined />} aria-label={t('buttons.edit')} onClick={() => startEditing(q)} />,
                      <Button key="del" danger size="small" onClick={() => remove({ resource: 'questions', id: q.id ?? '' }, { onSuccess: () => void questionsQuery.refetch() })}>
                        {t('buttons.delete')}
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space>
                    <span>{i + 1}.</span>
                    <span>{localized(q, 'text', locale)}</span>
                    <Tag>{kindLabel(q.kind)}</Tag>
                    <Tag color="gold">{t('quiz.points', { count: Number(q.points) })}</Tag>
                  </Space>
                }
                description={
                  answers.data
                    .filter((a) => a.questionId === q.id)
                    .map((a) => (
                      <Tag key={String(a.id)} color={a.isCorrect ? 'green' : undefined}>
                        {localized(a, 'text', locale)}
                      </Tag>
                    ))
                    .concat(q.accepted ? [<Tag key="acc" color="green">{JSON.stringify(q.accepted)}</Tag>] : [])
                }
              />
            </List.Item>
          )}
        />
      </Card>
      {canEdit ? (
        <Card
          title={editing ? t('quiz.editQuestion', { number: questions.data.findIndex((q) => q.id === editing.id) + 1 }) : t('quiz.addQuestion')}
          extra={editing ? <Button onClick={stopEditing}>{t('quiz.cancelEdit')}</Button> : null}
        >
          <Form form={form} layout="vertical" initialValues={{ kind: 'single', points: 1, answers: [{}, {}] }} onFinish={(v) => void add(v)}>
            <Form.Item name="kind" label={t('quiz.kind')}>
              <Select style={{ maxWidth: 280 }} options={KINDS.map((k) => ({ value: k, label: kindLabel(k) }))} />
            </Form.Item>
            {LANGS.map((l) => (
              <Form.Item key={l} name={`text${l}`} label={`${t('fields.text')} (${t(`languages.${l.toLowerCase()}`)})`} rules={[{ required: true, message: t('validation.required', { field: t('fields.text') }) }]}>
                <Input.TextArea rows={2} />
              </Form.Item>
            ))}
            <Form.Item name="points" label={t('fields.points')}>
              <InputNumber min={0} max={1000} />
            </Form.Item>
            {kind === 'single' || kind === 'multiple' ? (
              <Form.List name="answers">
                {(fields, { add: addAnswer, remove: removeAnswer }) => (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {fields.map((field, n) => (
                      <Card key={field.key} size="small" title={t('quiz.answer', { number: n + 1 })} extra={<Button size="small" onClick={() => removeAnswer(field.name)}>{t('buttons.delete')}</Button>}>
                        <Space wrap>
                          {LANGS.map((l) => (
                            <Form.Item key={l} name={[field.name, `text${l}`]} label={`${t('quiz.answer', { number: n + 1 })} (${t(`languages.${l.toLowerCase()}`)})`} rules={[{ required: true, message: t('validation.required', { field: t('fields.text') }) }]}>
                              <Input />
                            </Form.Item>
                          ))}
                          <Form.Item name={[field.name, 'isCorrect']} valuePropName="checked">
                            <Checkbox>{t('quiz.correct', { number: n + 1 })}</Checkbox>
                          </Form.Item>
                        </Space>
                      </Card>
                    ))}
                    <Button onClick={() => addAnswer({})}>{t('quiz.addAnswer')}</Button>
                  </Space>
                )}
              </Form.List>
            ) : null}
            {kind === 'numeric' ? (
              <Space>
                <Form.Item name="value" label={t('quiz.value')} rules={[{ required: true, message: t('validation.required', { field: t('quiz.value') }) }]}>
                  <InputNumber />
                </Form.Item>
                <Form.Item name="tolerance" label={t('quiz.tolerance')}>
                  <InputNumber min={0} />
                </Form.Item>
              </Space>
            ) : null}
            {kind === 'text' ? (
              <Form.Item name="texts" label={t('quiz.acceptedTexts')} rules={[{ required: true, message: t('validation.required', { field: t('quiz.acceptedTexts') }) }]}>
                <Input />
              </Form.Item>
            ) : null}
            <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }}>
              {t('quiz.saveQuestion')}
            </Button>
          </Form>
        </Card>
      ) : null}
      <Modal open={Boolean(previewing)} title={t('quiz.previewTitle')} footer={null} onCancel={() => setPreviewing(null)} destroyOnHidden>
        {previewing ? <QuestionPreview question={previewing} options={answersOf(previewing.id)} locale={locale} /> : null}
      </Modal>
    </Space>
  );
}

/** A question as a pupil sees it in the test (no marks of the right answer), in the builder's language. */
function QuestionPreview({ question, options, locale }: { question: BaseRecord; options: BaseRecord[]; locale: 'kk' | 'ru' | 'en' }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="question-preview">
      <Typography.Paragraph strong style={{ whiteSpace: 'pre-wrap' }}>
        {localized(question, 'text', locale)}
      </Typography.Paragraph>
      {question.kind === 'single' ? (
        <Radio.Group options={options.map((a) => ({ value: String(a.id), label: localized(a, 'text', locale) ?? '' }))} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
      ) : question.kind === 'multiple' ? (
        <Checkbox.Group options={options.map((a) => ({ value: String(a.id), label: localized(a, 'text', locale) ?? '' }))} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
      ) : question.kind === 'numeric' ? (
        <InputNumber aria-label={t('quiz.value')} style={{ width: 200 }} />
      ) : (
        <Input aria-label={t('fields.text')} />
      )}
      <Tag color="gold">{t('quiz.points', { count: Number(question.points) })}</Tag>
    </Space>
  );
}
