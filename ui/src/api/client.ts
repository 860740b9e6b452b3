/**
 * The one API client module. Every call goes through `api()`: same-origin, credentials included, the
 * UI language sent as x-lang, JSON in and out. A refused call throws ApiError carrying the server's
 * translated invalidMsg and code. No call waits for ever: one the server does not answer in time (or
 * cannot be sent) throws ApiError REQUEST_TIMEOUT, so a form can show it and keep what the user typed.
 */
import { message, type Language } from '@grain/domain';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly body: unknown,
  ) {
    super(message);
  }
}

type Listener = (err: ApiError) => void;
const sessionEndedListeners = new Set<Listener>();

/**
 * Called when a call is refused with 401 because the session is gone (expired, signed out in another
 * tab): the shell listens and sends the user to /views/login. A wrong password (LOGIN_FAILED) is not
 * a lost session. Answers the unsubscribe function.
 */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

function currentLang(): Language {
  try {
    return (localStorage.getItem('lang') as Language) || 'en';
  } catch {
    return 'en';
  }
}

/**
 * How long a call may take: longer than the server's own wait for the approval service (15 s), so its
 * 503 arrives before the browser gives up; an upload of up to 50 MB gets minutes.
 */
const API_TIMEOUT_MS = 25_000;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const timedOut = () => new ApiError(0, 'REQUEST_TIMEOUT', message('REQUEST_TIMEOUT', currentLang()), null);

export interface ApiOptions {
  method?: string;
  body?: unknown;
  form?: FormData;
  /** The caller's own cancel (e.g. a screen closing): its abort is passed on as is, not as a timeout. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** GET calls asked early for a screen about to render (warmUp), by language and path, with when they were asked. */
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
/** An early answer older than this is not lent: the screen asks again. */
const EARLY_FOR_MS = 10_000;
let warming = false;

/**
 * Asks now the GET calls that `calls` makes (the same functions the screen uses, so the same paths),
 * before the screen that needs them has rendered: on a cold start its script is still arriving and
 * React has not yet run its effects. The screen's own identical call, made within 10 s in the same
 * language, takes the early answer (once) instead of asking again. Anything else `calls` does (a POST)
 * is sent as usual and never lent.
 */
export function warmUp(calls: () => void): void {
  warming = true;
  try {
    calls();
  } finally {
    warming = false;
  }
}

export function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const plainGet = (opts.method ?? 'GET') === 'GET' && opts.body === undefined && !opts.form && !opts.signal;
  if (!plainGet) return call<T>(path, opts);
  const key = `${currentLang()} ${path}`;
  if (warming) {
    const answer = call<T>(path, opts);
    answer.catch(() => undefined); // its failure is the screen's to show, when it takes the answer
    early.set(key, { at: Date.now(), answer });
    return answer;
  }
  const asked = early.get(key);
  if (!asked) return call<T>(path, opts);
  early.delete(key);
  return Date.now() - asked.at <= EARLY_FOR_MS ? (asked.answer as Promise<T>) : call<T>(path, opts);
}

async function call<T>(path: string, opts: ApiOptions): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? (opts.form ? UPLOAD_TIMEOUT_MS : API_TIMEOUT_MS);
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  const passOn = () => ctrl.abort();
  opts.signal?.addEventListener('abort', passOn);
  try {
    return await send<T>(path, opts, ctrl.signal);
  } catch (e) {
    if (opts.signal?.aborted || e instanceof ApiError) throw e;
    // Aborted by the timer, or fetch could not reach the server at all (TypeError): both are "no answer".
    if (ctrl.signal.aborted || e instanceof TypeError) throw timedOut();
    throw e;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', passOn);
  }
}

async function send<T>(path: string, opts: ApiOptions, signal: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { 'x-lang': currentLang(), Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(path.startsWith('/') ? path : `/api/${path}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'include',
    signal,
  });
  const type = res.headers.get('content-type') ?? '';
  const data = type.includes('application/json') ? await res.json() : await res.blob();
  if (!res.ok) {
    const j = (data ?? {}) as { invalidMsg?: string; code?: string };
    const err = new ApiError(res.status, j.code ?? 'HTTP_' + res.status, j.invalidMsg ?? res.statusText, data);
    if (res.status === 401 && err.code !== 'LOGIN_FAILED') sessionEndedListeners.forEach((l) => l(err));
    throw err;
  }
  return data as T;
}

/** Downloads a binary answer (PDF, file) and hands it to the browser under `filename`. */
export async function download(path: string, filename: string, opts: { method?: string; body?: unknown } = {}): Promise<void> {
  const blob = await api<Blob>(path, opts);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
