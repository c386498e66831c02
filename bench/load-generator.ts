/**
 * The HTTP load generator of the API benchmark, run as its own process (bench/api.ts spawns it),
 * so autocannon's CPU is not taken from the server's event loop. Reads one JSON job on stdin,
 * writes autocannon's figures as one JSON line on stdout.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  durationS: number;
  pin: string;
  customers: { email: string; authorization: string }[];
}

export interface LoadResult {
  perS: number;
  p50: number;
  p99: number;
  errors: number;
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

async function run(job: LoadJob): Promise<LoadResult> {
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
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: from.authorization },
            body: JSON.stringify({ amount: '0.01', recipient_email: to.email, transaction_pin: job.pin, timezone: 'America/Toronto' }),
          };
        },
      },
    ],
  });
  return {
    perS: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
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
