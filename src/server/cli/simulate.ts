/**
 * Drives the simulated outside world of a running server:
 *   npm run simulate -- deposit <email> <CAD|NGN> <amount>
 * The server is KUDI_URL (default http://localhost:3000); it must run with simulators on.
 */
import { buildPath } from '../../shared/endpoints';
import { CURRENCIES } from '../../shared/limits';
import { API_PREFIX } from '../../shared/product';
import type { Currency } from '../../shared/types';

const USAGE = `Usage: npm run simulate -- deposit <email> <CAD|NGN> <amount>
  e.g. npm run simulate -- deposit ada@example.com CAD 250.75
  The server is KUDI_URL (default http://localhost:3000).`;

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

async function deposit(baseUrl: string, email: string, currency: Currency, amount: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}${API_PREFIX}${buildPath('devDeposit')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, currency, amount }),
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string; data?: { reference?: string } };
  if (!response.ok) {
    console.error(`Deposit refused (${response.status}): ${body.message ?? response.statusText}`);
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
  const baseUrl = (process.env.KUDI_URL || 'http://localhost:3000').replace(/\/+$/, '');
  try {
    return (await deposit(baseUrl, email, currency, amount)) ? 0 : 1;
  } catch (err) {
    console.error(`Cannot reach ${baseUrl}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
