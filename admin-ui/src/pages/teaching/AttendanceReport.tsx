/**
 * The attendance page (spec 2, sidebar "Attendance"; docs/teaching.md): a group picked by name and a range of Almaty
 * days give a table of its pupils x lessons with the translated marks and totals per pupil (`GET attendance-report`),
 * and a CSV download of exactly that table (`attendance-report/csv`, UTF-8 with a BOM, in the page's language). Names, never ids.
 */
import { type AttendanceGroupsReply, type AttendanceReportReply, attendanceStatus } from '@olymp/proto';
import { useNotification } from '@refinedev/core';
import { Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_URL, http, toApiError } from '../../api/http';
import { useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

const NS = ['teaching', 'courses', 'common'] as const;
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Almaty' });
const STATUS_COLOR = { present: 'green', late: 'gold', absent: 'red', excused: 'blue' } as const;
type Row = AttendanceReportReply['data'][number];

export default function AttendanceReport() {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const { open } = useNotification();
  usePageTitle(t('common:sidebar.attendance'));
  const [groupId, setGroupId] = useState<string>();
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [downloading, setDownloading] = useState(false);
  const groups = useApi<AttendanceGroupsReply>('attendance-report/groups');
  const params = { group: groupId, from, to };
  const report = useApi<AttendanceReportReply>('attendance-report', params, Boolean(groupId && from && to));
  const data = report.data;

  const download = async () => {
    setDownloading(true);
    try {
      const res = await http.get<Blob>(`${API_URL}/attendance-report/csv`, { params: { ...params, lang: locale }, responseType: 'blob' });
      const url = URL.createObjectURL(res.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${data?.group.name ?? 'attendance'} ${from} ${to}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      open?.({ type: 'error', message: (e as { message?: string }).message ?? t('common:errors.unknown') });
    } finally {
      setDownloading(false);
    }
  };

  const columns: ColumnsType<Row> = [
    { title: t('attendance.pupil'), dataIndex: 'name', key: 'name', fixed: 'left', width: 160 },
    ...(data?.lessons ?? []).map((l, i) => ({
      title: (
        <span>
          {l.startsAtAlmaty}
          <br />
          <Typography.Text type="secondary">{l.title[locale]}</Typography.Text>
          {l.cancelled ? <> <Tag color="red">{t('attendance.cancelled')}</Tag></> : null}
        </span>
      ),
      key: l.id,
      render: (_: unknown, row: Row) => {
        const m = row.marks[i];
        return m ? <Tag color={STATUS_COLOR[m]}>{t(`courses:statuses.${m}`)}</Tag> : null;
      },
    })),
    ...attendanceStatus.options.map((s) => ({ title: t(`courses:statuses.${s}`), dataIndex: s, key: `total-${s}`, width: 90 })),
  ];

  const error = report.isError ? toApiError(report.error).message : undefined;
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{t('common:sidebar.attendance')}</Typography.Title>}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap align="end">
          <Select
            showSearch
            optionFilterProp="label"
            aria-label={t('attendance.group')}
            placeholder={t('attendance.pickGroup')}
            style={{ width: 280, maxWidth: '100%' }}
            value={groupId}
            onChange={setGroupId}
            options={(groups.data?.data ?? []).map((g) => ({ value: g.id, label: `${g.name} · ${g.course[locale]}` }))}
          />
          <Space direction="vertical" size={0}>
            <label htmlFor="attendance-from">{t('attendance.from')}</label>
            <Input id="attendance-from" type="date" value={from} onChange={(e) => e.target.value && setFrom(e.target.value)} style={{ width: 170 }} />
          </Space>
          <Space direction="vertical" size={0}>
            <label htmlFor="attendance-to">{t('attendance.to')}</label>
            <Input id="attendance-to" type="date" value={to} onChange={(e) => e.target.value && setTo(e.target.value)} style={{ width: 170 }} />
          </Space>
          <Button type="primary" disabled={!data} loading={downloading} onClick={() => void download()}>{t('attendance.download')}</Button>
        </Space>
        <Typography.Text type="secondary">{t('attendance.rangeHint')}</Typography.Text>
        {error ? <Typography.Text type="danger" data-testid="attendance-error">{error}</Typography.Text> : null}
        {groupId ? (
          <Table<Row>
            data-testid="attendance-table"
            rowKey="userId"
            size="small"
            loading={report.isFetching}
            columns={columns}
            dataSource={data?.data ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('attendance.empty') }}
          />
        ) : null}
      </Space>
    </Card>
  );
}
