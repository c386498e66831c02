/**
 * The HTTP load generator of the API benchmark, run as its own process (bench/api.ts spawns it),
 * so autocannon's CPU is not taken from the server's event loop. Reads one JSON job on stdin,
 * writes its figures as one JSON line on stdout: user transfers with autocannon (LoadJob), or the
 * other operations of the app (OpsJob: a conversion with its quote, an NGN payout, a mix like the
 * bank test's) with Node's HTTP client, timed per request kind.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import http from 'node:http';

export interface LoadJob {
  url: string;
  connections: number;
  durationS: number;
  pin: string;
  timezone: string;
  /** As the web app sends a payment: a new Idempotency-Key per request. */
  keyed: boolean;
  customers: { email: string; authorization: string }[];
}

export interface LoadResult {
  /** Answers with a 2xx status. */
  ok: number;
  perS: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers by status code, and connection errors and timeouts, when there were any errors. */
  errorDetail?: { statuses: Record<string, number>; connectionErrors: number; timeouts: number };
  /** CPU time of this process (the load generator) during the run, ms. */
  cpuMs: number;
}

const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

async function run(job: LoadJob): Promise<LoadResult> {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.durationS,
    requests: [
      {
        method: 'POST',
        path: '/api/wallet/cad-wallet-transfer',
        setupRequest: (req) => {
          const from = pick(job.customers);
          let to = pick(job.customers);
          while (to === from) to = pick(job.customers);
          // The headers the app's fetchBaseQuery sends (JSON body and answer, the bearer token), and its key.
          const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', authorization: from.authorization };
          if (job.keyed) headers['idempotency-key'] = randomUUID();
          return {
            ...req,
            headers,
            body: JSON.stringify({ amount: '0.01', recipient_email: to.email, transaction_pin: job.pin, timezone: job.timezone }),
          };
        },
      },
    ],
  });
  return {
    ok: result['2xx'],
    perS: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ...(result.errors + result.timeouts + result.non2xx > 0 && {
      errorDetail: {
        statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
        connectionErrors: result.errors,
        timeouts: result.timeouts,
      },
    }),
    cpuMs: cpuMs(process.cpuUsage(cpu)),
  };
}

/** The app's other operations (see OpsJob). */
export type OpsKind = 'conversion' | 'payout' | 'mix';

export interface OpsJob {
  ops: OpsKind;
  url: string;
  connections: number;
  durationS: number;
  pin: string;
  timezone: string;
  customers: { email: string; authorization: string }[];
  /** An NGN bank account the simulated rail pays (the name directory's), for payouts. */
  bankAccount: { bankCode: string; number: string; name: string };
}

/** Per request kind: how many answered 2xx, other statuses, and p50 / p99 latency (ms). */
export interface OpsResult {
  /** Operations done per second (a conversion with its quote is one). */
  opsPerS: number;
  requests: Record<string, { ok: number; other: Record<string, number>; p50: number; p99: number }>;
  cpuMs: number;
}

const quantile = (sorted: number[], q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0) * 10) / 10;

async function runOps(job: OpsJob): Promise<OpsResult> {
  const cpu = process.cpuUsage();
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const times = new Map<string, number[]>();
  const statuses = new Map<string, Record<string, number>>();
  const call = (kind: string, method: string, path: string, authorization: string, body?: unknown, key?: string) =>
    new Promise<{ status: number; json: { data?: Record<string, unknown> } | null }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = process.hrtime.bigint();
      const req = http.request(`${job.url}${path}`, {
        method, agent,
        headers: {
          accept: 'application/json', authorization,
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(key && { 'idempotency-key': key }),
        },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => { text += chunk; });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (!times.has(kind)) times.set(kind, []);
          times.get(kind)!.push(Number(process.hrtime.bigint() - started) / 1e6);
          const counts = statuses.get(kind) ?? {};
          counts[status] = (counts[status] ?? 0) + 1;
          statuses.set(kind, counts);
          let json = null;
          try { json = JSON.parse(text); } catch { /* not JSON */ }
          resolve({ status, json });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });

  // As the app sends them (features/exchange, transfer-naira, transfer-cad, transfer-user, history).
  const conversion = async (from: LoadJob['customers'][number]) => {
    const [fromCurrency, toCurrency] = Math.random() < 0.5 ? ['CAD', 'NGN'] : ['NGN', 'CAD'];
    const amount = fromCurrency === 'CAD' ? '1.00' : '1000.00';
    const quote = await call('quote', 'POST', '/api/quotes', from.authorization, { from_currency: fromCurrency, to_currency: toCurrency, amount, amount_side: 'send' });
    const q = quote.json?.data;
    if (quote.status !== 200 || !q) return;
    await call('conversion', 'POST', '/api/wallet/currency-conversion', from.authorization,
      { from_currency: fromCurrency, to_currency: toCurrency, amount: q.send_amount, timezone: job.timezone, quote_id: q.quote_id, transaction_pin: job.pin }, randomUUID());
  };
  const payout = (from: LoadJob['customers'][number]) =>
    call('ngn payout', 'POST', '/api/wallet/ngn-withdrawal', from.authorization, {
      amount: '100.00', account_number: job.bankAccount.number, account_bank: job.bankAccount.bankCode, transaction_pin: job.pin,
      description: 'Bench payout', is_benficiary: false, account_name: job.bankAccount.name, timezone: job.timezone,
    }, randomUUID());
  const interac = (from: LoadJob['customers'][number]) =>
    call('interac payout', 'POST', '/api/wallet/cad-withdrawal', from.authorization, {
      Amount: '1.00', CustomerEmail: 'payee@example.com', CustomerName: 'Jane Payee', Description: 'Bench payout',
      SecurityQuestion: 'What is the payment for?', SecurityQuestionAnswer: 'maple472', transaction_pin: job.pin, timezone: job.timezone,
    }, randomUUID());
  const transfer = (from: LoadJob['customers'][number], to: LoadJob['customers'][number]) => {
    const ngn = Math.random() < 0.5;
    return call(ngn ? 'ngn transfer' : 'cad transfer', 'POST', `/api/wallet/${ngn ? 'ngn' : 'cad'}-wallet-transfer`, from.authorization,
      { amount: ngn ? '10.00' : '0.01', recipient_email: to.email, transaction_pin: job.pin, timezone: job.timezone }, randomUUID());
  };
  const read = (from: LoadJob['customers'][number]) => {
    const currency = Math.random() < 0.5 ? 'CAD' : 'NGN';
    return Math.random() < 0.5
      ? call('wallet read', 'GET', currency === 'CAD' ? '/api/wallet/cad-wallet' : '/api/wallet/naira-wallet', from.authorization)
      : call('history read', 'GET', `/api/wallet/transactions?currency=${currency}&page=1`, from.authorization);
  };
  /** The bank test's mix without its deposits (webhooks) and cancels: reads 20%; of the rest, transfers 47%, conversions 24%, Interac 14%, NGN payouts 15%. */
  const mixed = async (from: LoadJob['customers'][number], to: LoadJob['customers'][number]) => {
    if (Math.random() < 0.2) return read(from);
    const r = Math.random() * 0.85;
    if (r < 0.4) return transfer(from, to);
    if (r < 0.6) return conversion(from);
    if (r < 0.72) return interac(from);
    return payout(from);
  };

  const until = Date.now() + job.durationS * 1000;
  const started = Date.now();
  let ops = 0;
  await Promise.all(Array.from({ length: job.connections }, async () => {
    while (Date.now() < until) {
      const from = pick(job.customers);
      let to = pick(job.customers);
      while (to === from) to = pick(job.customers);
      if (job.ops === 'conversion') await conversion(from);
      else if (job.ops === 'payout') await payout(from);
      else await mixed(from, to);
      ops += 1;
    }
  }));
  const elapsedS = (Date.now() - started) / 1000;
  agent.destroy();
  const requests: OpsResult['requests'] = {};
  for (const [kind, list] of times) {
    list.sort((a, b) => a - b);
    const counts = statuses.get(kind) ?? {};
    const ok = Object.entries(counts).filter(([code]) => code.startsWith('2')).reduce((n, [, c]) => n + c, 0);
    requests[kind] = {
      ok, other: Object.fromEntries(Object.entries(counts).filter(([code]) => !code.startsWith('2'))), p50: quantile(list, 0.5), p99: quantile(list, 0.99),
    };
  }
  return { opsPerS: Math.round(ops / elapsedS), requests, cpuMs: cpuMs(process.cpuUsage(cpu)) };
}

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as LoadJob | OpsJob;
  const result = 'ops' in job ? await runOps(job) : await run(job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
