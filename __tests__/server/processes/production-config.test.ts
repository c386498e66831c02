/**
 * WEB_CONCURRENCY, and a production start that refuses unsafe settings (issue 18), each named, all
 * at once; development and test starts need nothing new.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { ROOT } from '../../bank/server';
import { nodeArgsFor } from '../../support/entry';

const SECRETS = {
  JWT_SECRET: 'j'.repeat(32),
  PIN_SECRET: 'p'.repeat(32),
  WEBHOOK_SECRET: 'w'.repeat(32),
  OTP_SECRET: 'o'.repeat(32),
};
const SAFE_PRODUCTION = { NODE_ENV: 'production', ...SECRETS, EXTERNAL_IDENTITY_KEY: 'our-own-identity-key' };

/** The ConfigError's message of a configuration, or null when it loads. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig(env, { dataDir: null });
    return null;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message;
  }
}

describe('HOST', () => {
  it('is this machine only (localhost) while the simulators are on, every interface without them, else as set', () => {
    expect(loadConfig({}, { dataDir: null }).host).toBe('localhost');
    expect(loadConfig({ SIMULATORS: 'off' }, { dataDir: null }).host).toBe('0.0.0.0');
    expect(loadConfig(SAFE_PRODUCTION, { dataDir: null }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }, { dataDir: null }).host).toBe('0.0.0.0');
    expect(loadConfig({ SIMULATORS: 'off', HOST: '127.0.0.1' }, { dataDir: null }).host).toBe('127.0.0.1');
  });
});

describe('WEB_CONCURRENCY', () => {
  it('is 1 (one process, no cluster) unless set, from 1 to 64', () => {
    expect(loadConfig({}, { dataDir: null }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/kudi' }, { dataDir: null }).webConcurrency).toBe(4);
    expect(refusal({ WEB_CONCURRENCY: '0' })).toBe('WEB_CONCURRENCY must be between 1 and 64, got 0');
    expect(refusal({ WEB_CONCURRENCY: '65' })).toBe('WEB_CONCURRENCY must be between 1 and 64, got 65');
    expect(refusal({ WEB_CONCURRENCY: 'four' })).toBe('WEB_CONCURRENCY must be a whole number, got "four"');
  });

  it('is accepted above 1 on PGlite outside production (the start runs one process and says so)', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '2' }, { dataDir: null }).webConcurrency).toBe(2);
  });
});

describe('a production start', () => {
  it('accepts a safe configuration', () => {
    const config = loadConfig({ ...SAFE_PRODUCTION, DATABASE_URL: 'postgres://db/kudi', WEB_CONCURRENCY: '4', SUPPORT_TOOLS: 'on' }, { dataDir: null });
    expect(config).toMatchObject({ nodeEnv: 'production', simulators: false, webConcurrency: 4, jwtSecret: SECRETS.JWT_SECRET, externalIdentityKey: 'our-own-identity-key' });
    expect(refusal(SAFE_PRODUCTION)).toBeNull();
  });

  it.each(Object.keys(SECRETS))('refuses %s left to the generated secrets file', (name) => {
    expect(refusal({ ...SAFE_PRODUCTION, [name]: '' })).toBe(
      `NODE_ENV=production refuses to start: ${name} is not set (generated secrets in DATA_DIR/secrets.json are for development only)`,
    );
  });

  it('refuses the public default identity key, unset or spelled out', () => {
    const message =
      'NODE_ENV=production refuses to start: EXTERNAL_IDENTITY_KEY is the public default "kudi-public-identity-key" (set your own, and KUDI_IDENTITY_KEY to the same for the client build)';
    expect(refusal({ ...SAFE_PRODUCTION, EXTERNAL_IDENTITY_KEY: '' })).toBe(message);
    expect(refusal({ ...SAFE_PRODUCTION, EXTERNAL_IDENTITY_KEY: 'kudi-public-identity-key' })).toBe(message);
  });

  it('refuses simulators', () => {
    expect(refusal({ ...SAFE_PRODUCTION, SIMULATORS: 'on' })).toBe(
      'NODE_ENV=production refuses to start: SIMULATORS=on (simulated rails and /api/dev/* move money without a bank)',
    );
  });

  it('refuses several processes without PostgreSQL', () => {
    expect(refusal({ ...SAFE_PRODUCTION, WEB_CONCURRENCY: '2' })).toBe(
      'NODE_ENV=production refuses to start: WEB_CONCURRENCY=2 without DATABASE_URL (the embedded PGlite is single-process)',
    );
  });

  it('names every unsafe setting at once, and writes no secrets file', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kudi-production-'));
    try {
      let message = '';
      try {
        loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SIMULATORS: 'on', WEB_CONCURRENCY: '3' });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message.split('; ')).toEqual([
        'NODE_ENV=production refuses to start: JWT_SECRET is not set (generated secrets in DATA_DIR/secrets.json are for development only)',
        'PIN_SECRET is not set (generated secrets in DATA_DIR/secrets.json are for development only)',
        'WEBHOOK_SECRET is not set (generated secrets in DATA_DIR/secrets.json are for development only)',
        'OTP_SECRET is not set (generated secrets in DATA_DIR/secrets.json are for development only)',
        'EXTERNAL_IDENTITY_KEY is the public default "kudi-public-identity-key" (set your own, and KUDI_IDENTITY_KEY to the same for the client build)',
        'SIMULATORS=on (simulated rails and /api/dev/* move money without a bank)',
        'WEB_CONCURRENCY=3 without DATABASE_URL (the embedded PGlite is single-process)',
      ]);
      expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('still names a bad value first, as before', () => {
    expect(refusal({ NODE_ENV: 'production', PASSWORD_HASH_TIME_COST: '1' })).toBe('PASSWORD_HASH_TIME_COST must be between 2 and 100, got 1');
  });

  it('needs nothing new in development or tests', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ NODE_ENV: 'development', SIMULATORS: 'on' })).toBeNull();
    expect(refusal({ NODE_ENV: 'test' })).toBeNull();
  });

  it('is refused by the server entry, which exits 1 and prints the error', () => {
    const run = spawnSync(process.execPath, nodeArgsFor('src/server/main.ts'), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: ':memory:', ...SECRETS, EXTERNAL_IDENTITY_KEY: 'our-own-identity-key', SIMULATORS: 'on' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Configuration error: NODE_ENV=production refuses to start: SIMULATORS=on (simulated rails and /api/dev/* move money without a bank)');
  });
});
