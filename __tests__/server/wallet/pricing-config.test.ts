/** The pricing settings of spec-next §A at config load: FX_MARGIN_BPS (and its deprecated alias), FEES_JSON, QUOTE_TTL_S. */
import { ConfigError, loadConfig } from '../../../src/server/config';
import { FREE_TABLE } from '../../../src/shared/pricing';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }, { dataDir: null });

describe('pricing configuration', () => {
  it('defaults: a 1.0% margin, every kind free, quotes held 60 s', () => {
    const config = load({});
    expect(config.fxMarginBps).toBe(100);
    expect(config.fees).toEqual(FREE_TABLE);
    expect(config.quoteTtlS).toBe(60);
  });

  it('FX_MARGIN_BPS is the margin; FX_SPREAD_BPS still works as its deprecated alias, and the margin wins over it', () => {
    expect(load({ FX_MARGIN_BPS: '75' }).fxMarginBps).toBe(75);
    expect(load({ FX_SPREAD_BPS: '120' }).fxMarginBps).toBe(120);
    expect(load({ FX_MARGIN_BPS: '50', FX_SPREAD_BPS: '120' }).fxMarginBps).toBe(50);
    expect(() => load({ FX_MARGIN_BPS: '1.5' })).toThrow(new ConfigError('FX_MARGIN_BPS must be a whole number, got "1.5"'));
    expect(() => load({ FX_MARGIN_BPS: '6000' })).toThrow('FX_MARGIN_BPS must be between 0 and 5000, got 6000');
  });

  it('QUOTE_TTL_S is 1 to 3600 seconds', () => {
    expect(load({ QUOTE_TTL_S: '5' }).quoteTtlS).toBe(5);
    expect(() => load({ QUOTE_TTL_S: '0' })).toThrow('QUOTE_TTL_S must be between 1 and 3600, got 0');
    expect(() => load({ QUOTE_TTL_S: 'soon' })).toThrow('QUOTE_TTL_S must be a whole number, got "soon"');
  });

  it('FEES_JSON sets a flat and a percent fee per kind (strings or numbers, two decimals at most); kinds left out are free', () => {
    const { fees } = load({ FEES_JSON: '{"interac":{"flat":"1.50"},"bill":{"percent":2.5},"ngn_bank":{"flat":50,"percent":"0.25"},"wallet_transfer_cad":{}}' });
    expect(fees).toEqual({
      ...FREE_TABLE,
      interac: { flatMinor: 150n, percentBps: 0 },
      bill: { flatMinor: 0n, percentBps: 250 },
      ngn_bank: { flatMinor: 5000n, percentBps: 25 },
    });
    expect(load({ FEES_JSON: '' }).fees).toEqual(FREE_TABLE);
    expect(load({ FEES_JSON: '{"bill":{"flat":"0.00","percent":0}}' }).fees).toEqual(FREE_TABLE);
  });

  it.each([
    ['{"interac":', 'FEES_JSON must be JSON, got "{\\"interac\\":"'],
    ['[]', 'FEES_JSON must be an object of fees by kind (wallet_transfer_cad, wallet_transfer_ngn, interac, ngn_bank, bill)'],
    ['"1.50"', 'FEES_JSON must be an object of fees by kind'],
    ['{"conversion":{"flat":"1"}}', 'FEES_JSON: unknown kind "conversion"'],
    ['{"interac":"1.50"}', 'FEES_JSON: interac must be an object with flat and/or percent'],
    ['{"interac":{"fixed":"1.50"}}', 'FEES_JSON: interac has unknown field "fixed" (flat, percent)'],
    ['{"interac":{"flat":"-1"}}', 'FEES_JSON: interac.flat must be a number from 0 to 1000000000 with at most 2 decimals, got "-1"'],
    ['{"interac":{"flat":"1.505"}}', 'FEES_JSON: interac.flat must be a number'],
    ['{"interac":{"flat":"abc"}}', 'FEES_JSON: interac.flat must be a number'],
    ['{"interac":{"flat":null}}', 'FEES_JSON: interac.flat must be a number'],
    ['{"bill":{"percent":"100.01"}}', 'FEES_JSON: bill.percent must be a number from 0 to 100 with at most 2 decimals, got "100.01"'],
    ['{"bill":{"percent":"0.125"}}', 'FEES_JSON: bill.percent must be a number'],
  ])('refuses FEES_JSON=%s at load', (raw, message) => {
    expect(() => load({ FEES_JSON: raw })).toThrow(ConfigError);
    expect(() => load({ FEES_JSON: raw })).toThrow(message);
  });
});
