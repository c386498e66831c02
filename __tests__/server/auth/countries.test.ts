import type { Country } from '../../../src/shared/types';
import { api } from '../../support/auth-flow';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let countries: Country[];
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: api('/countries') });
  expect(res.statusCode).toBe(200);
  expect(res.json().success).toBe(true);
  countries = res.json().data;
});
afterAll(() => t.close());

describe('GET /countries', () => {
  it('puts Canada and Nigeria first, then every other country sorted by English name', () => {
    expect(countries.slice(0, 2)).toEqual([
      { value: 'CA', label: 'Canada', dialCode: '+1' },
      { value: 'NG', label: 'Nigeria', dialCode: '+234' },
    ]);
    const rest = countries.slice(2).map((country) => country.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map((country) => country.value)).size).toBe(countries.length);
  });

  it("carries the spec's dial codes, and one for every country", () => {
    const byCode = new Map(countries.map((country) => [country.value, country]));
    expect(byCode.get('US')).toMatchObject({ label: 'United States of America', dialCode: '+1' });
    expect(byCode.get('GB')).toMatchObject({ label: 'United Kingdom', dialCode: '+44' });
    for (const country of countries) expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
  });

  it('needs no sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: api('/countries') })).headers['cache-control']).toContain('max-age');
  });
});
