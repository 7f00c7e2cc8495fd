// Figures a test leaves for `npm run docs` (docs/reliability.md, "The busiest day"): one file per
// scenario in out/ (untracked), so parallel test files never write the same one.
import { mkdirSync, writeFileSync } from 'node:fs';

export function leaveFigures(scenario: string, figures: Record<string, unknown>): void {
  mkdirSync('out', { recursive: true });
  const file = scenario.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  writeFileSync(`out/busiest-day-${file}.json`, JSON.stringify({ scenario, figures }, null, 2));
}
