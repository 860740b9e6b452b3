/**
 * The one API client module. Every call goes through `api()`: same-origin, credentials included, the
 * UI language sent as x-lang, JSON in and out. A refused call throws ApiError carrying the server's
 * translated invalidMsg and code.
 */
export class ApiError extends Error {
  constructor(public readonly status: number, public readonly code: string, message: string, public readonly body: unknown) {
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

function currentLang(): string {
  try {
    return localStorage.getItem('lang') || 'en';
  } catch {
    return 'en';
  }
}

export async function api<T = unknown>(path: string, opts: { method?: string; body?: unknown; form?: FormData; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { 'x-lang': currentLang(), Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(path.startsWith('/') ? path : `/api/${path}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'include', signal: opts.signal,
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
