import { useEffect, useState } from 'react';

/** Animated dots: one more every 500 ms, up to 7, then from none again (docs/spec/farm-data-and-documents.md §9). */
export function useDots(active: boolean): string {
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!active) return setN(0);
    const timer = setInterval(() => setN((x) => (x >= 7 ? 0 : x + 1)), 500);
    return () => clearInterval(timer);
  }, [active]);
  return '.'.repeat(n);
}
