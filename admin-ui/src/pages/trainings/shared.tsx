/** Pieces the training pages share: the interface language, error toasts of API calls, the way back to a training. */
import { DEFAULT_LOCALE, isLocale, type Locale } from '@olymp/web-common';
import { useGo, useNotification } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The training pages' translations: their own group, plus the shared one (`common:...`). */
export const NAMESPACES = ['training', 'common'] as const;

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

/** Runs an API call; a success or the server's message as a toast. */
export function useAction() {
  const { t } = useTranslation(NAMESPACES);
  const { open } = useNotification();
  return (call: () => Promise<unknown>, onDone?: () => void) =>
    call().then(
      () => {
        open?.({ type: 'success', message: t('common:notifications.success') });
        onDone?.();
      },
      (e: { message?: string }) => open?.({ type: 'error', message: e.message ?? t('common:errors.unknown') }),
    );
}

/** The training's page, on a tab. */
export function trainingPath(trainingId: string, tab = 'chapters'): string {
  return `/trainings/${trainingId}?tab=${tab}`;
}

export function BackToTraining({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const go = useGo();
  return <Button onClick={() => go({ to: trainingPath(trainingId) })}>{t('backToTraining')}</Button>;
}
