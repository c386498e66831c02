import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every journey checks each screen it visits: no serious or critical axe violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof bad)[number]) =>
    `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''} ${n.html.slice(0, 200)}`).join(', ')})`;
  expect(bad.map(describe)).toEqual([]);
}
