import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/** What a page loaded: the data once it arrived, the error of the last attempt, and how to load again. */
export interface Loaded<T> {
  /** The last data that arrived (kept while a reload runs, and when a reload fails). */
  data: T | undefined;
  /** The error of the last attempt, null after a success: a page shows it rather than a blank screen. */
  error: unknown;
  loading: boolean;
  /** Loads again (after a change, or when the live channel says something changed). */
  reload: () => Promise<void>;
  /** Puts an answer the page already has (a change's answer) in place of the loaded data. */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

/**
 * The one data-loading hook of every page: loads when mounted and again whenever `deps` change, and on
 * `reload()`. Only the latest attempt's answer is kept: a slow answer for an earlier id, or one that
 * arrives after the page closed, is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const attempt = ++latest.current;
    setLoading(true);
    try {
      const d = await run();
      if (attempt !== latest.current || !mounted.current) return;
      setData(d);
      setError(null);
    } catch (e) {
      if (attempt === latest.current && mounted.current) setError(e);
    } finally {
      if (attempt === latest.current && mounted.current) setLoading(false);
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload, setData };
}
