import { useNotification } from '@refinedev/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Runs an API call and tells the outcome in a toast: `success` on success (then `after`), the API's message on a
 * failure. Resolves to the call's result; the error is rethrown for forms that show field messages.
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
