import { loadConfig } from '../../../src/server/config';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { answers } from '../../../src/shared/messages';

describe('GET /api/support/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ supportTools: true });
  }, 120_000);
  afterAll(async () => t.close());

  it.each([true, false])('answers supportTools=%s without a session', async (supportTools) => {
    t.app.config.supportTools = supportTools;
    const res = await t.app.inject({ method: 'GET', url: '/api/support/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: answers.supportConfig, data: { supportTools } });
  });
});

describe('SUPPORT_TOOLS', () => {
  it('is off unless set to on, and refuses other values', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).supportTools).toBe(false);
    expect(loadConfig({ DATA_DIR: ':memory:', SUPPORT_TOOLS: 'on' }).supportTools).toBe(true);
    expect(() => loadConfig({ DATA_DIR: ':memory:', SUPPORT_TOOLS: 'yes' })).toThrow('SUPPORT_TOOLS must be on or off, got "yes"');
  });
});
