import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the reader asked their system for less motion (an accessibility setting on phones and desktops). The admin
 * then turns antd's animations off: dialogs, drawers, menus and toasts appear and leave at once.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
