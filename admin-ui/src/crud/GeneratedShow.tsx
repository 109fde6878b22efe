/**
 * The show screen of any standard resource: every column of the row, related rows by name. A hand-written page may
 * `wrap` the details (an event's page puts them in its information tab beside its chat groups).
 */
import { DEFAULT_LOCALE, isLocale } from '@olymp/web-common';
import { Show } from '@refinedev/antd';
import { useShow, type BaseKey, type BaseRecord } from '@refinedev/core';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../hooks/usePageTitle';
import { entryFor } from '../meta/catalogue';
import { useResourceMeta } from '../meta/MetaContext';
import { fieldLabel, recordLabel } from './labels';
import { useReferenced } from './references';
import { renderValue } from './values';

export function GeneratedShow({ resource, id, children, wrap }: {
  resource: string;
  id: BaseKey;
  children?: (record: BaseRecord) => ReactNode;
  wrap?: (details: ReactNode, record: BaseRecord) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const meta = useResourceMeta(resource);
  const { query } = useShow<BaseRecord>({ resource, id, meta: { join: meta?.relations.map((r) => ({ field: r.name })) ?? [] }, queryOptions: { enabled: Boolean(meta) } });
  const loaded = query.data?.data;
  // A column pointing at another service's row (a prize's pupil) is shown by that row's name.
  const [record] = useReferenced(meta, loaded ? [loaded] : []);
  const title = record ? recordLabel(record, locale, meta?.label) : t(entryFor(resource).label, { defaultValue: resource });
  usePageTitle(title);
  if (!meta) return null;
  return (
    <Show resource={resource} recordItemId={id} isLoading={query.isLoading} title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h1>}>
      {record ? (wrap ?? ((details: ReactNode) => details))(
        <>
          <Descriptions bordered column={1} size="small">
            {meta.fields.map((f) => (
              <Descriptions.Item key={f.name} label={fieldLabel(t, resource, f.name)}>
                {renderValue(f, record as Record<string, unknown>, meta, t, locale)}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {children?.(record)}
        </>,
        record,
      ) : null}
    </Show>
  );
}
