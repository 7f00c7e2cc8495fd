// axe-core run in the page itself. @axe-core/playwright 4.13/4.14 races each injection against a
// one-second timer it never clears: the last check of a file held its jest worker past the 500 ms
// jest gives a worker to exit, and the run said "A worker process has failed to exit gracefully".
import axe from 'axe-core';
import type { Page } from 'playwright-core';

type Axe = typeof axe;

/**
 * The ids of violations of impact serious or critical, each named with its elements, in the whole
 * page or within `include` (a selector). Violations only: passes and incompletes are not needed.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (within) =>
      (window as unknown as { axe: Axe }).axe
        .run(within ? { include: [within] } : document, { resultTypes: ['violations'] })
        .then((r) => r.violations),
    include ?? null,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
