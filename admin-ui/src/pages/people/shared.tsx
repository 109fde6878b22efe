/** What the people pages share: the interface language, toasts for API calls, and tabs kept in the URL (`?tab=`). */
import type { Locale } from '@olymp/web-common';
import { localized } from '../../crud/labels';

export { useLocale, type Text } from '../../hooks/useLocale';
export { UrlTabs } from '../../components/UrlTabs';
export { useSend } from '../../hooks/useSend';

/** The name of a directory row (province, district, school, centre, subject) in the interface language. */
export function nameOf(row: unknown, locale: Locale): string {
  return (row && typeof row === 'object' ? localized(row as Record<string, unknown>, 'name', locale) : undefined) ?? '—';
}
