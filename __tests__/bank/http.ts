/** A small HTTP client for the bank test: JSON over fetch, with a timeout, never throwing on a status. */

export interface Answer {
  /** HTTP status, or 0 when no answer came back (connection refused or reset, timeout). */
  status: number;
  body: Record<string, unknown> | null;
  /** Why there was no answer (status 0). */
  error?: string;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw body (already serialised JSON), for signed webhooks. */
  raw?: string;
  /** A multipart body (fetch sets its content type with the boundary). */
  form?: FormData;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export class Http {
  constructor(public baseUrl: string) {}

  async call(path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | FormData | undefined;
    if (options.form !== undefined) payload = options.form;
    else if (options.raw !== undefined) payload = options.raw;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (typeof payload === 'string') headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers,
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      const text = await res.text();
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        body = { unparsed: text.slice(0, 200) };
      }
      return { status: res.status, body };
    } catch (err) {
      return { status: 0, body: null, error: describe(err) };
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? `${err.name}: ${err.message}`;
  }
  return String(err);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `data` of a `{ success, data }` answer. */
export function dataOf<T = Record<string, unknown>>(answer: Answer): T {
  return (answer.body?.data ?? {}) as T;
}
