/**
 * A small data hook (no query library: the quiz page must stay light). Loads on mount and when `key` changes;
 * `reload` fetches again keeping the old data visible, so the page never blinks back to a spinner.
 * A page's data refused with 403 FORBIDDEN (the caller lacks the permission) ends the navigation on the
 * unauthorized page (spec sections 2 and 8); business refusals (NOT_A_PARTICIPANT and the like) stay on the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/http';

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.body as { code?: string } | undefined)?.code === 'FORBIDDEN';
}

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
  setData: (data: T) => void;
}

export function useApi<T>(load: (() => Promise<T>) | null, key: string): ApiState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(load !== null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const run = useCallback(async () => {
    const current = loadRef.current;
    if (!current) return;
    const mine = ++generation.current;
    setLoading(true);
    try {
      const value = await current();
      if (mine === generation.current) {
        setData(value);
        setError(undefined);
      }
    } catch (err) {
      if (mine === generation.current) setError(err);
      if (isForbidden(err)) void navigateRef.current('/unauthorized', { replace: true });
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void run();
  }, [key, run]);

  return { data, error, loading, reload: run, setData };
}
