import { useCallback, useEffect, useState } from 'react';

/** Loads once (and on `reload()`); keeps the error so a screen can show it instead of a blank page. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    setLoading(true);
    return run()
      .then(
        (d) => {
          setData(d);
          setError(null);
        },
        (e) => setError(e),
      )
      .finally(() => setLoading(false));
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload, setData };
}
