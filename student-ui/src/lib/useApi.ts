/**
 * A small data hook (no query library: the quiz page must stay light). Loads on mount and when `key` changes;
 * `reload` fetches again keeping the old data visible, so the page never blinks back to a spinner.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

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
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void run();
  }, [key, run]);

  return { data, error, loading, reload: run, setData };
}
