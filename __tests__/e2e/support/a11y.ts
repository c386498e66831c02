import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Every journey checks each screen it visits: no serious or critical axe violation.
 *
 * axe runs in the page (axe.run over the page and its same-origin frames: the identity provider's
 * frame is this origin's) rather than in parts finished in a new blank page, which opened a page
 * and compiled axe in it for every check. The same rules and the same frames give the same
 * results (compared screen by screen, the identity frame included) in a half to a third of the time.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Only violations are looked at: axe still runs every rule, but details only what fails.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof bad)[number]) =>
    `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''} ${n.html.slice(0, 200)}`).join(', ')})`;
  expect(bad.map(describe)).toEqual([]);
}
