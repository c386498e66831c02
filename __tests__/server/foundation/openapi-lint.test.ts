import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../support/test-app';

interface JsonSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer?: string }>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every operation of the document as `METHOD /path` with its object. */
const operationsOf = (doc: Document): Array<[string, Operation]> =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${url}`, operation]),
  );

/**
 * Lints a document with the installed Redocly CLI's `recommended` ruleset (the CLI bundles its
 * linter; there is no separate Node API package to import). Runs in an empty directory so no
 * config file nearby changes the rules.
 */
function lintRecommended(doc: unknown): { problems: LintProblem[]; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-openapi-'));
  try {
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', 'openapi.json', '--extends=recommended', '--format=json'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 90_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const start = run.stdout.indexOf('{');
    if (start < 0) throw new Error(`the linter printed no report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
    return { problems: (JSON.parse(run.stdout.slice(start)) as { problems: LintProblem[] }).problems, output: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A value each path parameter accepts, so a call reaches the route's own checks. */
const SAMPLE_PARAMS: Record<string, string> = { email: 'someone@example.com', phone_number: '+2348031234567' };
const fillPath = (url: string) => url.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(SAMPLE_PARAMS[name] ?? '0123456789'));

describe('foundation: the OpenAPI document at /api/docs', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('passes the recommended lint rules with no error and no warning', () => {
    const { problems } = lintRecommended(doc);
    const described = problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location.map((where) => where.pointer).join(', ')}: ${problem.message}`);
    expect(described).toEqual([]);
  }, 120_000);

  it('gives every operation a unique operationId, a summary and a security declaration', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);
    const incomplete = operations
      .filter(([, operation]) => !operation.operationId || !operation.summary?.trim() || !Array.isArray(operation.security))
      .map(([name]) => name);
    expect(incomplete).toEqual([]);
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('names each call of src/shared/endpoints.ts by its endpoint name', () => {
    const byId = new Map(operationsOf(doc).map(([name, operation]) => [operation.operationId, name]));
    expect(byId.get('login')).toBe('POST /api/auth/login');
    expect(byId.get('cadWallet')).toBe('GET /api/wallet/cad-wallet');
    expect(byId.get('nameInquiry')).toBe('GET /api/wallet/get_name_inquiry/{accountNumber}/{nibssBankCode}/{senderAccountNumber}');
    expect(byId.get('health')).toBe('GET /api/health');
  });

  it('answers every success with the { success, message, data } shape (spec-next), message always a text', () => {
    const shapes = operationsOf(doc).flatMap(([name, operation]) =>
      Object.entries(operation.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([status, response]) => {
          const schema = response.content?.['application/json']?.schema;
          return schema ? [{ name: `${name} ${status}`, schema }] : [];
        }),
    );
    expect(shapes.length).toBeGreaterThan(40);
    const lacking = shapes
      .filter(({ schema }) => !(schema.required?.includes('success') && schema.required.includes('message') && schema.properties?.message?.type === 'string'))
      .map(({ name }) => name);
    expect(lacking).toEqual([]);
  });

  it('declares only security schemes the document defines', () => {
    const schemes = Object.keys((doc as { components?: { securitySchemes?: object } }).components?.securitySchemes ?? {});
    const used = new Set(operationsOf(doc).flatMap(([, operation]) => (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))));
    expect([...used].filter((scheme) => !schemes.includes(scheme))).toEqual([]);
  });

  it('documents the security each route enforces: a required token or signature is refused without it (401), a public call is not', async () => {
    const wrong: string[] = [];
    for (const [name, operation] of operationsOf(doc)) {
      const [method, url] = name.split(' ');
      const required = (operation.security ?? []).length > 0 && (operation.security ?? []).every((requirement) => Object.keys(requirement).length > 0);
      const res = await t.app.inject({
        method: method as 'GET' | 'POST' | 'PATCH',
        url: fillPath(url),
        ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
      });
      if (required !== (res.statusCode === 401)) wrong.push(`${name}: documented ${JSON.stringify(operation.security)}, anonymous call answered ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
