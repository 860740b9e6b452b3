import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  PERMISSIONS,
  ACCOUNT_STATUSES,
  type AccountStatus,
  type LoginStatusAnswer,
  type AddressPlace,
  type Permission,
  type SessionUser as ServerSessionUser,
  type SignedInAnswer,
  type SignedInUserView,
} from '@grain/domain';
import { api, ApiError, onSessionEnded, warmUp } from '../api/client';

/** The signed-in user as every screen sees it (ids normalised, permissions resolved by the server). */
export interface SessionUser extends ServerSessionUser {
  permissions: Permission[];
  /** Where the user's company is (its address's country and state): the place forms are read for (app/place.ts). */
  companyAddress?: AddressPlace | null;
}

/** The server's user (SignedInUserView); `id` and `companyId` are read too, where an answer carries them. */
type Raw = (Partial<SignedInUserView> & { id?: string; companyId?: string | null }) | null | undefined;
const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
/** A reference that may arrive as an id or as the populated object (docs/spec/approvals.md §3). */
export const refId = (v: unknown): string | null => {
  if (!v) return null;
  if (typeof v === 'string') return v;
  const o = v as Record<string, unknown>;
  return str(o.id ?? o._id) || null;
};

/** The server only sends known statuses; anything else (or none) reads as 'active'. */
const userStatus = (v: unknown): AccountStatus => {
  const s = str(v);
  return (ACCOUNT_STATUSES as readonly string[]).includes(s) ? (s as AccountStatus) : 'active';
};

/** Accepts the server's user in either shape (`id` or `_id`, company as id or object). */
function toSessionUser(raw: Raw): SessionUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const id = str(raw.id ?? raw._id);
  if (!id) return null;
  const firstname = str(raw.firstname);
  const lastname = str(raw.lastname);
  const declared: readonly unknown[] = Array.isArray(raw.permissions) ? raw.permissions : [];
  const address = raw.company && typeof raw.company === 'object' ? raw.company.address : null;
  return {
    id,
    email: str(raw.email),
    firstname,
    lastname,
    fullName: str(raw.fullName) || `${firstname} ${lastname}`.trim(),
    phone: raw.phone ? str(raw.phone) : null,
    role: str(raw.role),
    status: userStatus(raw.status),
    companyId: refId(raw.companyId ?? raw.company),
    permissions: declared.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p as string)),
    companyAddress: address ? { country: str(address.country), state: str(address.state) } : null,
  };
}

/** Admin holds every permission (docs/spec/approvals.md §6); others hold their group's list. UI hint only: the server decides. */
export function can(user: SessionUser | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return user.role === 'admin' || user.permissions.includes(permission);
}

/**
 * How the last session of this tab ended: an explicit logout (the next sign-in starts at home), or a
 * 401 in the middle of work (signing in again as the same user returns to where they were).
 */
export interface SessionEnd {
  reason: 'logout' | 'expired';
  userId: string;
}

interface AuthState {
  user: SessionUser | null;
  /** Set once a signed-in session of this tab ended; null on a fresh page load. */
  ended: SessionEnd | null;
  /** True until the first answer about the session arrived. */
  loading: boolean;
  /** Re-reads who is signed in (after a company is created, a profile changed, ...). */
  refresh(): Promise<SessionUser | null>;
  login(email: string, password: string): Promise<SessionUser | null>;
  /** Takes a sign-in answered by another way in (a passkey): the same session as after login. */
  signedIn(body: SignedInAnswer): Promise<SessionUser | null>;
  logout(): Promise<void>;
  can(permission: Permission): boolean;
}

const Ctx = createContext<AuthState | null>(null);

/**
 * Who is signed in, asked of GET auth/login: it answers `loggedIn: false` to a visitor where
 * current_user would answer 401, which a browser logs as an error on every public page.
 */
async function fetchCurrentUser(): Promise<SessionUser | null> {
  try {
    const body = await api<LoginStatusAnswer>('auth/login');
    if (!body?.loggedIn || !body.user) return null;
    return toSessionUser(body.user);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403 || e.status === 404)) return null;
    throw e;
  }
}

/**
 * Asks who is signed in now, before the app renders (main.tsx): the AuthProvider's first check takes
 * this answer (api.ts warmUp) instead of asking once React has rendered and run its effects.
 */
export function warmSession(): Promise<SessionUser | null> {
  let answer: Promise<SessionUser | null> = Promise.resolve(null);
  warmUp(() => {
    answer = fetchCurrentUser();
  });
  return answer.catch(() => null);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [ended, setEnded] = useState<SessionEnd | null>(null);
  const userRef = useRef<SessionUser | null>(null);
  useEffect(() => {
    userRef.current = user;
  }, [user]);

  // a 401 on any call while someone is signed in: the session is gone, the guard sends them to login
  useEffect(
    () =>
      onSessionEnded(() => {
        const was = userRef.current;
        if (!was) return;
        setEnded({ reason: 'expired', userId: was.id });
        setUser(null);
      }),
    [],
  );

  const refresh = useCallback(async () => {
    let u: SessionUser | null = null;
    try {
      u = await fetchCurrentUser();
    } catch {
      u = null; // network failure: treat as signed out; the login page will say why on its own call
    }
    setUser(u);
    setLoading(false);
    return u;
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const signedIn = useCallback(async (body: SignedInAnswer) => {
    // login answers the user with its company; current_user carries the resolved permissions
    const fromLogin = toSessionUser(body.user);
    const full = (await fetchCurrentUser().catch(() => null)) ?? fromLogin;
    setUser(full);
    setEnded(null);
    return full;
  }, []);
  const login = useCallback(
    async (email: string, password: string) => signedIn(await api<SignedInAnswer>('auth/login', { body: { email, password } })),
    [signedIn],
  );

  const logout = useCallback(async () => {
    const was = userRef.current;
    try {
      await api('auth/logout', { method: 'POST' });
    } finally {
      // recorded before the user goes, so the guard does not remember this user's page for the next one
      if (was) setEnded({ reason: 'logout', userId: was.id });
      setUser(null);
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, ended, loading, refresh, login, signedIn, logout, can: (p) => can(user, p) }),
    [user, ended, loading, refresh, login, signedIn, logout],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The session where there is one: parts that also render outside the signed-in shell (and in component tests) read it so. */
export function useAuthIfAny(): AuthState | null {
  return useContext(Ctx);
}

export function useAuth(): AuthState {
  const c = useContext(Ctx);
  if (!c) throw new Error('useAuth outside AuthProvider');
  return c;
}
