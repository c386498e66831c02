/**
 * The HTTP load generator of the API benchmark, run as its own process (bench/api.ts spawns it),
 * so autocannon's CPU is not taken from the server's event loop. Reads one JSON job on stdin,
 * writes autocannon's figures as one JSON line on stdout.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

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
    cpuMs: cpuMs(process.cpuUsage(cpu)),
  };
}

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(`${JSON.stringify(await run(JSON.parse(input) as LoadJob))}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
