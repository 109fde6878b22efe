import { useEffect, useRef } from 'react';

/** Spec 9: search inputs wait 300 ms after the last keystroke. Returns a function that schedules `run`. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedCallback<A extends unknown[]>(run: (...args: A) => void, ms = SEARCH_DEBOUNCE_MS): (...args: A) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  }, [run]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (...args: A) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(...args), ms);
  };
}
