/**
 * Drives the simulated outside world of a running server:
 *   npm run simulate -- deposit <email> <CAD|NGN> <amount>
 * It talks to the server `npm start` runs here (http://localhost:PORT, PORT default 3000), or to
 * KUDI_URL when set (cli/server-url.ts); that server must run with simulators on.
 */
import { buildPath } from '../../shared/endpoints';
import { CURRENCIES } from '../../shared/limits';
import { API_PREFIX } from '../../shared/product';
import type { Currency } from '../../shared/types';
import { serverUrl, ServerUrlError, type ServerUrl } from './server-url';

const USAGE = `Usage: npm run simulate -- deposit <email> <CAD|NGN> <amount>
  e.g. npm run simulate -- deposit ada@example.com CAD 250.75
  It talks to the server \`npm start\` runs: http://localhost:PORT (PORT default 3000).
  Another server: KUDI_URL=http://host:port npm run simulate -- deposit …`;

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** What to say when nobody answers at the URL. */
function noServer({ url, from }: ServerUrl, reason: string): string {
  const how =
    from === 'KUDI_URL'
      ? 'Check KUDI_URL, or unset it to use the server `npm start` runs here (http://localhost:PORT).'
      : 'Start it with `npm start` (in another terminal, with the same PORT), or point this command at a server elsewhere:\n' +
        '  KUDI_URL=http://host:port npm run simulate -- deposit …';
  return `No Kudi server answers at ${url} (${reason}).\n${how}`;
}

/** Why fetch failed: ECONNREFUSED, ENOTFOUND … */
function failureReason(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

async function deposit(server: ServerUrl, email: string, currency: Currency, amount: string): Promise<boolean> {
  const response = await fetch(`${server.url}${API_PREFIX}${buildPath('devDeposit')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, currency, amount }),
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string; data?: { reference?: string } };
  if (!response.ok) {
    console.error(`Deposit refused (${response.status}): ${body.message ?? response.statusText}`);
    // The route itself is missing: a server without simulators, or not Kudi at all.
    if (response.status === 404 && body.message?.startsWith('Route ')) {
      console.error(`The server at ${server.url} has no simulated outside world: start it with SIMULATORS=on (the default outside production).`);
    }
    return false;
  }
  console.log(`Deposited ${amount} ${currency} to ${email} (reference ${body.data?.reference ?? 'unknown'})`);
  return true;
}

async function main(args: string[]): Promise<number> {
  const [command, email = '', currency = '', amount = ''] = args;
  if (command !== 'deposit' || args.length !== 4 || !email || !isCurrency(currency) || !amount) {
    console.error(USAGE);
    return 2;
  }
  let server: ServerUrl;
  try {
    server = serverUrl(process.env);
  } catch (err) {
    if (!(err instanceof ServerUrlError)) throw err;
    console.error(err.message);
    return 2;
  }
  try {
    return (await deposit(server, email, currency, amount)) ? 0 : 1;
  } catch (err) {
    console.error(noServer(server, failureReason(err)));
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
