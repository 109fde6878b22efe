/**
 * The OTP delivery log (GET /api/otp, `otp:index`): to whom a code was sent, when, what became of it, wrong guesses,
 * and what the SMS provider reported. The API never returns codes, and this page has no place for one.
 */
import { Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../hooks/useApi';
import { useDebouncedCallback } from '../../hooks/useDebounced';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import { otpQuery, statusColor } from './logic';
import type { OtpLogPage, OtpLogRow } from '@olymp/proto';

type OtpRow = OtpLogRow;

export default function OtpLogPage() {
  const { t } = useTranslation();
  usePageTitle(t('sidebar.otp'));
  const [text, setText] = useState('');
  const [phone, setPhone] = useState('');
  const [page, setPage] = useState({ page: 1, limit: 25 });
  const apply = useDebouncedCallback((v: string) => {
    setPhone(v);
    setPage((p) => ({ ...p, page: 1 }));
  });
  const log = useApi<OtpLogPage>('otp', otpQuery(phone, page.page, page.limit));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {t('sidebar.otp')}
      </Typography.Title>
      <Input.Search
        aria-label={t('otp.phone')}
        placeholder="+7 700 000 00 00"
        allowClear
        style={{ width: 260, maxWidth: '100%' }}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          apply(e.target.value);
        }}
      />
      <Table<OtpRow>
        rowKey="id"
        size="small"
        // Eight columns: on a phone the table scrolls inside the page instead of widening it.
        scroll={{ x: 'max-content' }}
        loading={log.isLoading}
        dataSource={log.data?.data ?? []}
        pagination={{ current: page.page, pageSize: page.limit, total: log.data?.total ?? 0, showTotal: (total) => t('list.total', { count: total }), onChange: (p, l) => setPage({ page: p, limit: l }) }}
        columns={[
          { title: t('otp.sentAt'), render: (_, r) => formatInstant(r.sentAt) },
          { title: t('otp.phone'), dataIndex: 'phone' },
          { title: t('otp.purpose'), render: (_, r) => t(`otp.purposes.${r.purpose}`, { defaultValue: r.purpose }) },
          { title: t('otp.status'), render: (_, r) => <Tag color={statusColor(r.status)}>{t(`otp.statuses.${r.status}`, { defaultValue: r.status })}</Tag> },
          { title: t('otp.attempts'), dataIndex: 'attempts' },
          {
            title: t('otp.delivery'),
            render: (_, r) =>
              r.delivery ? (
                <Tooltip title={[r.delivery.provider, r.delivery.error, formatInstant(r.delivery.reportedAt)].filter(Boolean).join(' · ')}>
                  <Tag color={statusColor(r.delivery.status)}>{t(`otp.deliveries.${r.delivery.status}`, { defaultValue: r.delivery.status })}</Tag>
                </Tooltip>
              ) : (
                <Typography.Text type="secondary">{t('otp.noReport')}</Typography.Text>
              ),
          },
          { title: t('otp.usedAt'), render: (_, r) => formatInstant(r.usedAt) },
          { title: 'IP', dataIndex: 'clientIp' },
        ]}
      />
    </Space>
  );
}
