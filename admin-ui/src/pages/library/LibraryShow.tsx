/**
 * A library's page (spec 2, admin library {uuid}): publish and unpublish, edit, and the tabs chapters, teachers and
 * collections, each shown only with its `library:*` key (spec 6). The chapters and collections tabs are the
 * generated lists of those resources, narrowed to this library.
 */
import { useGo, useOne, type BaseRecord } from '@refinedev/core';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import { UrlTabs } from '../../components/UrlTabs';
import { GeneratedList } from '../../crud/GeneratedList';
import { localized } from '../../crud/labels';
import { useAccess } from '../../hooks/useAccess';
import { apiSend } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import type { PageProps } from '../registry';

export default function LibraryShow({ id }: PageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  const send = useSend();
  const { query } = useOne<BaseRecord>({ resource: 'library', id });
  const record = query.data?.data;
  const title = localized(record, 'title', locale) ?? '';
  usePageTitle(title || t('sidebar.library'));
  if (!record) return null;
  const published = Boolean(record.published);
  const narrowed = [{ field: 'libraryId', operator: 'eq' as const, value: id }];
  const tabs = [
    { key: 'chapters', keyNeeded: 'library:chapters_tab', label: t('library.tabs.chapters'), children: <GeneratedList embedded resource="chapters" permanentFilters={narrowed} /> },
    { key: 'teachers', keyNeeded: 'library:teachers_tab', label: t('library.tabs.teachers'), children: <NotAvailable /> },
    { key: 'collections', keyNeeded: 'library:collections_tab', label: t('library.tabs.collections'), children: <GeneratedList embedded resource="collections" permanentFilters={narrowed} /> },
  ].filter((tab) => has(tab.keyNeeded));

  return (
    <Card
      title={
        <Space>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{title}</Typography.Title>
          {published ? <Tag color="green">{t('library.published')}</Tag> : <Tag>{t('library.unpublished')}</Tag>}
        </Space>
      }
      extra={
        has('library:update') ? (
          <Space wrap>
            <Button onClick={() => go({ to: `/library/${id}/edit` })}>{t('buttons.edit')}</Button>
            <Button
              type="primary"
              onClick={() => void send(() => apiSend('post', `library/${id}/publish`, { published: !published }), t('notifications.success'), () => void query.refetch()).catch(() => undefined)}
            >
              {published ? t('buttons.unpublish') : t('buttons.publish')}
            </Button>
          </Space>
        ) : null
      }
    >
      <UrlTabs destroyOnHidden tabs={tabs.map(({ key, label, children }) => ({ key, label, children }))} />
    </Card>
  );
}
