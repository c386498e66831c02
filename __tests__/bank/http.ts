/** A small HTTP client for the bank test: JSON over fetch, with a timeout, never throwing on a status. */
import { UNAVAILABLE_MESSAGE } from '../../src/server/lib/errors';

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


/**
 * Several processes of one app behind one client, as behind a load balancer: calls go to each in
 * turn, and a call refused at connect (that process is down; nothing was sent) goes to the next.
 * While `unavailableAllowed()` holds (PostgreSQL is restarting), a 503 with the API's unavailable
 * message counts as a lost answer: the client cannot know whether its request was done, as when a
 * connection breaks. At any other time a 503 stays a 503 (a violation for the workload).
 */
export class Balancer extends Http {
  private turn = 0;
  /** 503s taken as lost answers while PostgreSQL restarted. */
  unavailable = 0;

  constructor(
    private readonly servers: Http[],
    private readonly unavailableAllowed: () => boolean = () => false,
  ) {
    super(servers[0].baseUrl);
  }

  override async call(path: string, options: CallOptions = {}): Promise<Answer> {
    let answer: Answer = { status: 0, body: null, error: 'no server' };
    for (let tried = 0; tried < this.servers.length; tried += 1) {
      const server = this.servers[this.turn % this.servers.length];
      this.turn += 1;
      answer = await server.call(path, options);
      if (!(answer.status === 0 && answer.error === 'ECONNREFUSED')) break;
    }
    if (answer.status === 503 && answer.body?.message === UNAVAILABLE_MESSAGE && this.unavailableAllowed()) {
      this.unavailable += 1;
      return { status: 0, body: null, error: 'database unavailable (503)' };
    }
    return answer;
  }
}
