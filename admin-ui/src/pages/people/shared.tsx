/** What the people pages share: the interface language, toasts for API calls, and tabs kept in the URL (`?tab=`). */
import { DEFAULT_LOCALE, isLocale, type Locale } from '@olymp/web-common';
import { useNotification } from '@refinedev/core';
import { Tabs } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { localized } from '../../crud/labels';

export type Text = Record<Locale, string>;

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

/**
 * Runs an API call and tells the outcome in a toast: `success` on success (then `after`), the API's message on a
 * failure. Resolves to whether it succeeded; the error is rethrown for forms that show field messages.
 */
export function useSend() {
  const { t } = useTranslation();
  const { open } = useNotification();
  return useCallback(
    async <T,>(call: () => Promise<T>, success: string, after?: (result: T) => void): Promise<T> => {
      try {
        const result = await call();
        open?.({ type: 'success', message: success });
        after?.(result);
        return result;
      } catch (e) {
        open?.({ type: 'error', message: (e as { message?: string }).message ?? t('errors.unknown') });
        throw e;
      }
    },
    [open, t],
  );
}

export interface PageTab {
  key: string;
  label: string;
  children: ReactNode;
}

/** Tabs whose active one is the URL's `?tab=` (the first when none). */
export function UrlTabs({ tabs }: { tabs: PageTab[] }) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const active = tabs.some((tab) => tab.key === wanted) ? (wanted as string) : tabs[0]?.key;
  return <Tabs activeKey={active} destroyOnHidden onChange={(key) => setParams({ tab: key }, { replace: true })} items={tabs} />;
}

/** The name of a directory row (province, district, school, centre, subject) in the interface language. */
export function nameOf(row: unknown, locale: Locale): string {
  return (row && typeof row === 'object' ? localized(row as Record<string, unknown>, 'name', locale) : undefined) ?? '—';
}
