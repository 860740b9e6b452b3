import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useNotify } from './notify';

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

/** Tells the user a load failed (the notice bar), once per failed attempt: for pages that show no error of their own. */
export function useLoadErrorNotice(error: unknown): void {
  const notify = useNotify();
  useEffect(() => {
    if (error) notify.error(error);
  }, [error, notify]);
}

/** One page of a list paged by cursor: its items, the cursor of the next page (null at the end), and what else the answer carries. */
export interface CursorPage<T, E> {
  items: T[];
  next: string | null;
  extra: E;
}

/** What a cursor-paged page loaded: the pages so far as one, and how to load the next one. */
export interface LoadedPages<T, E> extends Loaded<CursorPage<T, E>> {
  /** Appends the next page (nothing at the end); the answer's `extra` replaces the earlier one. */
  more: () => Promise<void>;
}

/**
 * The one loading hook for a list paged by cursor: `useLoad` loads the first page (again on `deps` and on
 * `reload()`, which starts over at the first page); `more()` appends the next. A next page that arrives
 * after the list started over is dropped.
 */
export function useLoadPages<T, E>(loadPage: (cursor: string | null) => Promise<CursorPage<T, E>>, deps: unknown[] = []): LoadedPages<T, E> {
  const first = useLoad(() => loadPage(null), deps);
  const [moreError, setMoreError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const { setData } = first;
  const cursor = first.data?.next ?? null;
  const more = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const p = await loadPage(cursor);
      setData((d) => (d && d.next === cursor ? { items: [...d.items, ...p.items], next: p.next, extra: p.extra } : d));
      setMoreError(null);
    } catch (e) {
      setMoreError(e);
    } finally {
      setLoadingMore(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cursor, setData, ...deps]);
  useEffect(() => setMoreError(null), [first.data]);
  return { ...first, error: first.error ?? moreError, loading: first.loading || loadingMore, more };
}
