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

export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
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
