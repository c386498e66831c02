import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_AMOUNT_MINOR } from '../shared/limits';
import { parseAmount } from '../shared/money';
import { FEE_KINDS, FREE_TABLE, type FeeKind, type FeeRule, type FeeTable } from '../shared/pricing';
import { parseLimitsJson, type TierLimitTable } from './modules/limits/tiers';

export interface Secrets {
  /** Signs access tokens (HS256). */
  jwtSecret: string;
  /** Keys the transaction PIN HMAC. */
  pinSecret: string;
  /** Signs webhooks from the (simulated) outside world. */
  webhookSecret: string;
  /** Hashes OTPs and other one-time codes. */
  otpSecret: string;
}

/** argon2id's cost: memory in KiB and passes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's minimum for argon2id: the default, and the floor outside tests. */
export const OWASP_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2 };

export interface Config extends Secrets {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Folder of the embedded database and generated secrets; null = in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  databaseSchema: string | null;
  /**
   * Connections to PostgreSQL per server process (DATABASE_POOL_SIZE; default DEFAULT_POOL_SIZE,
   * two per core of this machine).
   */
  databasePoolSize: number;
  logLevel: string;
  /** Built client (webpack output). */
  publicDir: string;
  /** Simulators of the outside world stand in for real rails; /api/dev/* exists only then. */
  simulators: boolean;
  /** The fixed access key of the standalone identity call (POST /external/veriff-session). */
  externalIdentityKey: string;
  /** Public origin of this server (links in e-mails, identity provider page). */
  publicUrl: string;
  smtpUrl: string | null;
  /** Mid rate, NGN per 1 CAD, as a decimal string. */
  fxMidRate: string;
  /**
   * Kudi's exchange margin, in basis points of the mid rate, applied on each side of it
   * (FX_MARGIN_BPS; FX_SPREAD_BPS is its deprecated alias, read only when FX_MARGIN_BPS is unset).
   */
  fxMarginBps: number;
  /** The fee of each kind of outgoing money call (FEES_JSON); every kind free by default. */
  fees: FeeTable;
  /** How long a quote (POST /quotes) holds its rate, in seconds (QUOTE_TTL_S). */
  quoteTtlS: number;
  /** How many quotes (POST /quotes) one customer may ask for in a minute (QUOTES_PER_MINUTE). */
  quotesPerMinute: number;
  /** Optional HTTP feed of the mid rate. */
  fxFeedUrl: string | null;
  /** NGN maximum single payout, in kobo. */
  ngnMaxSingleKobo: bigint;
  /**
   * How many reverse proxies in front of the server to believe (TRUST_PROXY=1 behind one): the
   * client's address is the one the outermost trusted proxy added to X-Forwarded-For, never an
   * address the client wrote there itself. 0: the header is not believed.
   */
  trustProxy: number;
  /** Settlement delay of simulated payouts, counted from their hand-over to the rail (PAYOUT_SETTLE_MS). */
  payoutSettleMs: number;
  /**
   * How long a payout waits before Kudi hands it to its rail, in seconds (PAYOUT_HOLD_S, spec-next
   * §C: 30); until then the customer may cancel it (POST /transactions/{id}/cancel).
   */
  payoutHoldS: number;
  /**
   * How long a payout claimed for its hand-over or settlement stays with the process that claimed it
   * (PAYOUT_LEASE_MS, default 30 s): if that process dies before it is done, the payout comes due
   * again after this long, for whichever process runs the rail next.
   */
  payoutLeaseMs: number;
  /**
   * How long a money request's claim of its Idempotency-Key holds (IDEMPOTENCY_LEASE_MS, default
   * 10 s): a retry under the same key gets 409 until then, and after it runs the request itself
   * (the first one's process died, or it is still running and will then move nothing).
   */
  idempotencyLeaseMs: number;
  /**
   * Run the simulated payout rails' background job (needs simulators). PAYOUT_JOB=on|off; default
   * on except under NODE_ENV=test, where tests settle payouts themselves (browser journeys turn it on).
   */
  payoutJob: boolean;
  /** Support tools (/support/replay) reachable in any build (SUPPORT_TOOLS=on). */
  supportTools: boolean;
  /**
   * argon2id cost of new password hashes (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST):
   * OWASP's minimum by default and at least that, except under NODE_ENV=test, where tests may
   * set a token cost so that creating customers does not dominate their time.
   */
  passwordCost: PasswordCost;
  /** Sending limits per tier, CAD minor units (LIMITS_JSON over the default table of spec-next §B). */
  limits: TierLimitTable;
  /** How long after an upload the simulated reviewer approves a proof of address (ADDRESS_REVIEW_MS). */
  addressReviewMs: number;
  /**
   * Run the simulated proof-of-address reviewer (needs simulators). ADDRESS_REVIEW_JOB=on|off;
   * default on except under NODE_ENV=test, where tests decide through POST /dev/proof-of-address.
   */
  addressReviewJob: boolean;
  /**
   * Run the notifications job, which sends the e-mails events recorded (spec-next §D). Kudi's own
   * job, not a simulator: NOTIFY_JOB=on|off; default on except under NODE_ENV=test, where tests
   * run the sending pass themselves.
   */
  notifyJob: boolean;
  /**
   * Run the generic jobs (table `jobs`, modules/jobs: the sweep of expired quotes and keys, …) in
   * this process. JOB_RUNNER=on|off; default on except under NODE_ENV=test, where tests run the
   * passes themselves. Any number of processes may run it (rows are claimed).
   */
  jobRunner: boolean;
  /**
   * Run the daily reconciliation of the books (modules/reconcile): once a day per database, by the
   * one process that claims the day. RECONCILE_JOB=on|off; default on except under NODE_ENV=test.
   */
  reconcileJob: boolean;
  /** Rows a statement (GET /statements) reads per query while it streams (STATEMENT_PAGE_ROWS, default 500). */
  statementPageRows: number;
  /**
   * Lines of a wallet's history between two of its checkpoints (HISTORY_CHECKPOINT_EVERY, default
   * 500; migration 0016): a history page reads at most about this many ids from an index.
   */
  historyCheckpointEvery: number;

  // Pooler and read replica (issue 18; scripts/dev-cluster.sh starts both on one machine).
  /**
   * What stands between the API and PostgreSQL (DATABASE_POOLER): 'none', or 'pgbouncer' for
   * PgBouncer in transaction mode, where a connection may be another server connection at each
   * transaction: no named prepared statements (PgBouncer before 1.21 does not carry them), no
   * session settings.
   */
  databasePooler: 'none' | 'pgbouncer';
  /**
   * A streaming replica of DATABASE_URL's database (DATABASE_REPLICA_URL), one server: history,
   * transaction details and statements read from it unless the customer's own last write is not
   * replayed there yet (db/read-routing.ts). Null: every read on the primary.
   */
  databaseReplicaUrl: string | null;

  // ---- Processes (issue 18) ----
  /**
   * How many server processes `npm start` runs on one port (WEB_CONCURRENCY, 1 to 64, default 1 = no
   * cluster): a primary migrates once and forks this many workers (cluster.ts). PostgreSQL only;
   * the embedded PGlite is single-process.
   */
  webConcurrency: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(`${name} must be on or off, got "${raw}"`);
  return raw === 'on';
}

function decimal(env: Env, name: string, fallback: string): string {
  const raw = env[name] ?? fallback;
  if (!/^\d+(\.\d{1,6})?$/.test(raw) || Number(raw) <= 0) {
    throw new ConfigError(`${name} must be a positive decimal number with at most 6 decimals, got "${raw}"`);
  }
  return raw;
}

function limitsTable(env: Env): TierLimitTable {
  try {
    return parseLimitsJson(env.LIMITS_JSON);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** At most two decimals, >= 0, as a string or a number: FEES_JSON's amounts and percents, in hundredths. */
function hundredths(name: string, where: string, raw: unknown, max: bigint): bigint {
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : null;
  if (text !== null && /^0+(\.0*)?$/.test(text)) return 0n;
  const parsed = text === null ? null : parseAmount(text);
  if (!parsed?.ok || parsed.minor > max) {
    throw new ConfigError(`${name}: ${where} must be a number from 0 to ${Number(max) / 100} with at most 2 decimals, got ${JSON.stringify(raw)}`);
  }
  return parsed.minor;
}

/**
 * FEES_JSON: `{ "<kind>": { "flat": "0.50", "percent": "1.25" }, … }`, kinds of FEE_KINDS, both parts
 * optional (0), the flat fee in the kind's currency, the percent of the amount; kinds left out are free.
 */
export function parseFees(raw: string | undefined, name = 'FEES_JSON'): FeeTable {
  if (raw === undefined || raw.trim() === '') return FREE_TABLE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ConfigError(`${name} must be JSON, got ${JSON.stringify(raw)}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError(`${name} must be an object of fees by kind (${FEE_KINDS.join(', ')})`);
  }
  const table: FeeTable = { ...FREE_TABLE };
  for (const [kind, rule] of Object.entries(value)) {
    if (!(FEE_KINDS as readonly string[]).includes(kind)) {
      throw new ConfigError(`${name}: unknown kind "${kind}" (kinds: ${FEE_KINDS.join(', ')})`);
    }
    if (!rule || typeof rule !== 'object' || Array.isArray(rule)) throw new ConfigError(`${name}: ${kind} must be an object with flat and/or percent`);
    const extra = Object.keys(rule).filter((key) => key !== 'flat' && key !== 'percent');
    if (extra.length) throw new ConfigError(`${name}: ${kind} has unknown field "${extra[0]}" (flat, percent)`);
    const { flat = 0, percent = 0 } = rule as { flat?: unknown; percent?: unknown };
    const parsed: FeeRule = {
      flatMinor: hundredths(name, `${kind}.flat`, flat, MAX_AMOUNT_MINOR),
      percentBps: Number(hundredths(name, `${kind}.percent`, percent, 10_000n)),
    };
    table[kind as FeeKind] = parsed;
  }
  return table;
}

/** FX_MARGIN_BPS, else the deprecated FX_SPREAD_BPS, else 100 (1.0% of mid). */
function marginBps(env: Env): number {
  const margin = env.FX_MARGIN_BPS;
  if (margin !== undefined && margin !== '') return int(env, 'FX_MARGIN_BPS', 100, 0, 5000);
  return int(env, 'FX_SPREAD_BPS', 100, 0, 5000);
}

const SECRET_NAMES: Record<keyof Secrets, string> = {
  jwtSecret: 'JWT_SECRET',
  pinSecret: 'PIN_SECRET',
  webhookSecret: 'WEBHOOK_SECRET',
  otpSecret: 'OTP_SECRET',
};

/** Secrets come from the environment, else from DATA_DIR/secrets.json (generated once). */
function loadSecrets(env: Env, dataDir: string | null): Secrets {
  const file = dataDir ? path.join(dataDir, 'secrets.json') : null;
  let stored: Partial<Secrets> = {};
  if (file && existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    } catch {
      throw new ConfigError(`${file} is not valid JSON; fix or delete it`);
    }
  }
  const secrets = {} as Secrets;
  let changed = false;
  for (const key of Object.keys(SECRET_NAMES) as (keyof Secrets)[]) {
    const fromEnv = env[SECRET_NAMES[key]];
    if (fromEnv !== undefined) {
      if (fromEnv.length < 32) throw new ConfigError(`${SECRET_NAMES[key]} must be at least 32 characters`);
      secrets[key] = fromEnv;
    } else if (stored[key]) {
      secrets[key] = stored[key];
    } else {
      secrets[key] = randomBytes(32).toString('base64url');
      stored[key] = secrets[key];
      changed = true;
    }
  }
  if (file && changed) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** DATABASE_POOLER and DATABASE_REPLICA_URL: both only beside DATABASE_URL (PostgreSQL). */
function poolerAndReplica(env: Env, databaseUrl: string | null): Pick<Config, 'databasePooler' | 'databaseReplicaUrl'> {
  const pooler = env.DATABASE_POOLER || 'none';
  if (pooler !== 'none' && pooler !== 'pgbouncer') throw new ConfigError(`DATABASE_POOLER must be none or pgbouncer, got "${pooler}"`);
  const databaseReplicaUrl = url(env, 'DATABASE_REPLICA_URL', ['postgres:', 'postgresql:']);
  if (!databaseUrl && pooler !== 'none') throw new ConfigError('DATABASE_POOLER needs DATABASE_URL (the embedded database has no pooler)');
  if (!databaseUrl && databaseReplicaUrl) throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL (a replica of the embedded database does not exist)');
  return { databasePooler: pooler, databaseReplicaUrl };
}

// ---- Processes and production safety (issue 18) ----

/** EXTERNAL_IDENTITY_KEY when unset: public in the source, so never a production key. */
export const DEFAULT_EXTERNAL_IDENTITY_KEY = 'kudi-public-identity-key';

/**
 * What makes a NODE_ENV=production start unsafe, every one named: a secret left to the generated
 * DATA_DIR/secrets.json (a development convenience: it lives beside the data, is made by whichever
 * process starts first, and is lost with the folder), the identity key left at its public default,
 * simulators (they stand in for the rails and open /api/dev/*, which moves money without a bank),
 * and several processes without PostgreSQL. SUPPORT_TOOLS is allowed: it only tells the client to
 * show the replay screen, which plays a diagnostics file the agent loads in their own browser and
 * reads no server data.
 */
function productionProblems(env: Env, databaseUrl: string | null, webConcurrency: number): string[] {
  const problems: string[] = [];
  for (const name of Object.values(SECRET_NAMES)) {
    if (!env[name]) problems.push(`${name} is not set (generated secrets in DATA_DIR/secrets.json are for development only)`);
  }
  if (!env.EXTERNAL_IDENTITY_KEY || env.EXTERNAL_IDENTITY_KEY === DEFAULT_EXTERNAL_IDENTITY_KEY) {
    problems.push(`EXTERNAL_IDENTITY_KEY is the public default "${DEFAULT_EXTERNAL_IDENTITY_KEY}" (set your own, and KUDI_IDENTITY_KEY to the same for the client build)`);
  }
  if (onOff(env, 'SIMULATORS', false)) problems.push('SIMULATORS=on (simulated rails and /api/dev/* move money without a bank)');
  if (webConcurrency > 1 && !databaseUrl) {
    problems.push(`WEB_CONCURRENCY=${webConcurrency} without DATABASE_URL (the embedded PGlite is single-process)`);
  }
  return problems;
}

/**
 * The pool's default size: two connections per core (4 on 2 cores). A payment is one statement, so a
 * connection is busy in the database nearly all the time it is held; more connections than that
 * only queue in PostgreSQL for the same cores and for the same rows' locks. On 2 cores with the
 * database beside the app, 4 gave the best keyed payments per second and 10 (the earlier default)
 * a sixth fewer when payments meet on a few customers (docs/PERFORMANCE.md, "The pool's size").
 */
export const DEFAULT_POOL_SIZE = 2 * os.availableParallelism();

/** Reads and checks the configuration; throws ConfigError with a clear message for a bad value. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv'];
  const port = int(env, 'PORT', 3000, 0, 65535);
  const simulators = onOff(env, 'SIMULATORS', nodeEnv !== 'production');
  // With the simulators on, /api/dev/* reads any e-mail's codes and moves money without a bank: the
  // server then listens on this machine only (localhost) unless HOST says otherwise.
  const host = env.HOST ?? (simulators ? 'localhost' : '0.0.0.0');
  // DATA_DIR=:memory: keeps the embedded database in memory (journeys, demos); nothing is written.
  const dataDir =
    overrides.dataDir !== undefined ? overrides.dataDir : env.DATA_DIR === ':memory:' ? null : path.resolve(env.DATA_DIR || './data');
  const databaseUrl = overrides.databaseUrl !== undefined ? overrides.databaseUrl : url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const fxFeedUrl = url(env, 'FX_FEED_URL', ['http:', 'https:']);
  const logLevel = env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`);
  }
  const cluster = poolerAndReplica(env, databaseUrl);
  const ngnMaxNaira = int(env, 'NGN_MAX_SINGLE', 5_000_000, 1, 1_000_000_000);
  // ---- Processes and production safety (issue 18) ----
  const webConcurrency = int(env, 'WEB_CONCURRENCY', 1, 1, 64);
  /** The secrets, once every setting parsed (a bad value is named first) and a production start found safe. */
  const checkedSecrets = (): Secrets => {
    const problems = nodeEnv === 'production' ? productionProblems(env, databaseUrl, webConcurrency) : [];
    if (problems.length) throw new ConfigError(`NODE_ENV=production refuses to start: ${problems.join('; ')}`);
    return loadSecrets(env, dataDir);
  };
  const config: Config = {
    nodeEnv,
    host,
    port,
    dataDir,
    databaseUrl,
    databaseSchema: null,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 1000),
    logLevel,
    publicDir: path.resolve(env.PUBLIC_DIR || 'dist/public'),
    simulators,
    externalIdentityKey: env.EXTERNAL_IDENTITY_KEY || DEFAULT_EXTERNAL_IDENTITY_KEY,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    smtpUrl,
    fxMidRate: decimal(env, 'FX_MID_RATE', '1050.00'),
    fxMarginBps: marginBps(env),
    fees: parseFees(env.FEES_JSON),
    quoteTtlS: int(env, 'QUOTE_TTL_S', 60, 1, 3600),
    quotesPerMinute: int(env, 'QUOTES_PER_MINUTE', 60, 1, 1_000_000),
    fxFeedUrl,
    ngnMaxSingleKobo: BigInt(ngnMaxNaira) * 100n,
    payoutSettleMs: int(env, 'PAYOUT_SETTLE_MS', 3000, 0, 3_600_000),
    payoutHoldS: int(env, 'PAYOUT_HOLD_S', 30, 0, 86_400),
    payoutLeaseMs: int(env, 'PAYOUT_LEASE_MS', 30_000, 1_000, 3_600_000),
    idempotencyLeaseMs: int(env, 'IDEMPOTENCY_LEASE_MS', 10_000, 1_000, 3_600_000),
    payoutJob: onOff(env, 'PAYOUT_JOB', nodeEnv !== 'test'),
    trustProxy: int(env, 'TRUST_PROXY', 0, 0, 10),
    supportTools: onOff(env, 'SUPPORT_TOOLS', false),
    passwordCost: {
      memoryCost: int(env, 'PASSWORD_HASH_MEMORY_KIB', OWASP_PASSWORD_COST.memoryCost, nodeEnv === 'test' ? 8 : OWASP_PASSWORD_COST.memoryCost, 4_194_304),
      timeCost: int(env, 'PASSWORD_HASH_TIME_COST', OWASP_PASSWORD_COST.timeCost, nodeEnv === 'test' ? 1 : OWASP_PASSWORD_COST.timeCost, 100),
    },
    limits: limitsTable(env),
    addressReviewMs: int(env, 'ADDRESS_REVIEW_MS', 3000, 0, 3_600_000),
    addressReviewJob: onOff(env, 'ADDRESS_REVIEW_JOB', nodeEnv !== 'test'),
    notifyJob: onOff(env, 'NOTIFY_JOB', nodeEnv !== 'test'),
    jobRunner: onOff(env, 'JOB_RUNNER', nodeEnv !== 'test'),
    reconcileJob: onOff(env, 'RECONCILE_JOB', nodeEnv !== 'test'),
    statementPageRows: int(env, 'STATEMENT_PAGE_ROWS', 500, 1, 10_000),
    historyCheckpointEvery: int(env, 'HISTORY_CHECKPOINT_EVERY', 500, 2, 100_000),
    ...cluster,
    webConcurrency,
    ...checkedSecrets(),
    ...overrides,
  };
  return config;
}
