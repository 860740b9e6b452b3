import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * Counts shown on the top tabs (e.g. how many certificates wait for my signature). A feature keeps its
 * count current (features.tsx FEATURE_SERVICES) and the top bar shows it, without the shell knowing the
 * feature.
 */
interface TabBadges {
  badges: Readonly<Record<string, number>>;
  setBadge(key: string, count: number): void;
}

const Ctx = createContext<TabBadges | null>(null);

export function TabBadgesProvider({ children }: { children: ReactNode }) {
  const [badges, setBadges] = useState<Record<string, number>>({});
  const setBadge = useCallback((key: string, count: number) => setBadges((b) => (b[key] === count ? b : { ...b, [key]: count })), []);
  const value = useMemo(() => ({ badges, setBadge }), [badges, setBadge]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

const NONE: TabBadges = { badges: {}, setBadge: () => undefined };
export const useTabBadges = (): TabBadges => useContext(Ctx) ?? NONE;
