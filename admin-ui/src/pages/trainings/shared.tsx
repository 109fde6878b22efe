/** Pieces the training pages share: the interface language, error toasts of API calls, the way back to a training. */
import { useGo } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSend } from '../../hooks/useSend';

/** The training pages' translations: their own group, plus the shared one (`common:...`). */
export const NAMESPACES = ['training', 'common'] as const;

export { useLocale } from '../../hooks/useLocale';

/** Runs an API call; a success or the server's message as a toast (never rejects). */
export function useAction() {
  const { t } = useTranslation(NAMESPACES);
  const send = useSend();
  return (call: () => Promise<unknown>, onDone?: () => void) =>
    send(call, t('common:notifications.success'), onDone ? () => onDone() : undefined).then(
      () => undefined,
      () => undefined,
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
