/**
 * A statement streams (spec-next §E): it is read a page of rows at a time (STATEMENT_PAGE_ROWS), as
 * fast as its reader takes the file, and not at all once the reader has gone; a page that cannot be
 * read (the database lost midway) ends the file as broken, never as a complete shorter one. The
 * service is run here on a database handle that counts the pages it reads (and fails one when a
 * test asks); the wallet's 1,500 deposits are moved by the ledger's own transfer function.
 */
import { type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { setTimeout as sleep, setImmediate as tick } from 'node:timers/promises';
import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { transfer } from '../../../src/server/modules/ledger/ledger.service';
import { openStatement } from '../../../src/server/modules/statements/statements.service';
import { buildApp } from '../../../src/server/app';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

const DEPOSITS = 1_500;
const PAGE_ROWS = 50;
/** Pages of entries a whole read takes: 30 full pages and the empty one that ends it. */
const ALL_PAGES = DEPOSITS / PAGE_ROWS + 1;

/** Counts the queries that read a page of the wallet's entries with their transfers (a join), not the balances at the ends. */
class EntryPages implements KyselyPlugin {
  count = 0;
  /** The page whose query fails (1 = the first), as when the database goes away while the file is read. */
  constructor(private readonly failingPage = 0) {}
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const from = JSON.stringify(node.kind === 'SelectQueryNode' ? node.from : null);
    if (node.kind === 'SelectQueryNode' && from.includes('"ledger_entries"') && (node.joins?.length ?? 0) > 0) {
      this.count += 1;
      if (this.count === this.failingPage) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    }
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

let t: TestApp;
let customer: Customer;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createCustomer(t);
  await t.db.transaction().execute(async (trx) => {
    const wallet = await customerAccount(trx, customer.id, 'CAD');
    const clearing = await systemAccountId(trx, 'deposits_clearing', 'CAD');
    for (let i = 0; i < DEPOSITS; i += 1) {
      await transfer(trx, { debit: clearing, credit: wallet.id, amount: 100n, currency: 'CAD', kind: 'deposit', metadata: { sender_name: 'Ada Obi', description: `Deposit number ${i} of the test` } });
    }
  });
}, 120_000);
afterAll(() => t.close());

async function open(format: 'csv' | 'pdf') {
  const pages = new EntryPages();
  const file = await openStatement({ db: t.db.withPlugin(pages), pageRows: PAGE_ROWS }, customer.id, { currency: 'CAD', from: today, to: today, format });
  return { pages, body: file.body };
}

/** Waits until no page has been read for a while (a query may still be under way on a busy database). */
async function settled(pages: EntryPages): Promise<void> {
  let seen = -1;
  while (pages.count !== seen) {
    seen = pages.count;
    for (let i = 0; i < 50; i += 1) await tick();
    await sleep(250);
  }
}

/** Reads the first chunk of the file, then lets the streams settle. */
async function firstChunk(body: Readable, pages: EntryPages): Promise<Buffer> {
  const chunk = await new Promise<Buffer>((resolve, reject) => {
    body.once('data', (data: Buffer | string) => {
      body.pause();
      resolve(Buffer.from(data));
    });
    body.once('error', reject);
  });
  await settled(pages);
  return chunk;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.each(['csv', 'pdf'] as const)('a %s statement of 1,500 items', (format) => {
  it('reads only the pages its reader has room for, then the rest as it is read', async () => {
    const { pages, body } = await open(format);
    // Nothing is read before the file is.
    expect(pages.count).toBe(0);
    await firstChunk(body, pages);
    const early = pages.count;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(ALL_PAGES);
    // A paused reader holds the reading where it is.
    for (let i = 0; i < 50; i += 1) await tick();
    await sleep(250);
    expect(pages.count).toBe(early);
    const rest = await readAll(body);
    expect(rest.length).toBeGreaterThan(0);
    expect(pages.count).toBe(ALL_PAGES);
  });

  it('stops reading when the reader goes away', async () => {
    const { pages, body } = await open(format);
    await firstChunk(body, pages);
    const read = pages.count;
    body.destroy();
    for (let i = 0; i < 200; i += 1) await tick();
    await sleep(250);
    expect(pages.count).toBe(read);
    expect(pages.count).toBeLessThan(ALL_PAGES);
  });
});

/** The file's bytes as they come, until it ends or breaks. */
async function readUntilBroken(body: Readable): Promise<{ text: string; error: unknown }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    return { text: Buffer.concat(chunks).toString('utf8'), error: null };
  } catch (error) {
    return { text: Buffer.concat(chunks).toString('utf8'), error };
  }
}

describe('a statement whose reading fails midway (page 20 of 31)', () => {
  it.each(['csv', 'pdf'] as const)('ends its %s file with an error, never as a complete file with rows missing', async (format) => {
    const pages = new EntryPages(20);
    const file = await openStatement({ db: t.db.withPlugin(pages), pageRows: PAGE_ROWS }, customer.id, { currency: 'CAD', from: today, to: today, format });
    const { text, error } = await readUntilBroken(file.body);
    expect(error).toBeInstanceOf(Error);
    expect(pages.count).toBe(20);
    if (format === 'csv') {
      // What came before the failure: the header and the opening balance, never the closing one.
      expect(text).toContain('Opening balance');
      expect(text).not.toContain('Closing balance');
    } else {
      // A PDF ends with its trailer; a broken one has none.
      expect(text.startsWith('%PDF-')).toBe(true);
      expect(text).not.toContain('%%EOF');
    }
  });

  it('over HTTP: the 200 and the rows already sent, then the connection broken, so the browser sees a failed download', async () => {
    const pages = new EntryPages(20);
    const app = await buildApp({ config: { ...t.config, statementPageRows: PAGE_ROWS }, db: t.db.withPlugin(pages) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/statements?currency=CAD&from=${today}&to=${today}&format=csv`, { headers: customer.headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let failure: unknown = null;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      } catch (error) {
        failure = error;
      }
      // fetch's own failure of a body cut short (its TypeError, of Node's realm, not this test's).
      expect(failure).toMatchObject({ name: 'TypeError', message: 'terminated' });
      expect(text).toContain('Opening balance');
      expect(text).not.toContain('Closing balance');
      // The same customer's next statement is whole.
      const whole = await t.app.inject({ method: 'GET', url: `/api/statements?currency=CAD&from=${today}&to=${today}&format=csv`, headers: customer.headers });
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toContain('Closing balance');
    } finally {
      await app.close();
    }
  });
});
