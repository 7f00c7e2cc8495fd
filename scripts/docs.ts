/**
 * `npm run docs`: regenerates the tracked documents that come from test runs. The tests leave
 * their figures and screenshot in out/ (untracked, so `npm test` never changes a tracked file);
 * this script runs them and writes docs/reliability.md and docs/sidebar.png from what they left.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { layersDocument } from './import-graph';

const jest = spawnSync(
  'npx',
  [
    'jest',
    '--selectProjects',
    'integration',
    'browser',
    '--',
    'reliability',
    'sidebar',
    'schedules',
    'background',
    'properties',
  ],
  { stdio: 'inherit' },
);
if (jest.status !== 0) process.exit(jest.status ?? 1);

const { faults, figures } = JSON.parse(readFileSync('out/reliability.json', 'utf8')) as {
  faults: Record<string, number>;
  figures: Record<string, Record<string, unknown>>;
};
const busiest = readdirSync('out')
  .filter((f) => f.startsWith('busiest-day-') && f.endsWith('.json'))
  .sort()
  .map(
    (f) =>
      JSON.parse(readFileSync(`out/${f}`, 'utf8')) as {
        scenario: string;
        figures: Record<string, unknown>;
      },
  );
const row = (name: string, f: Record<string, unknown>) =>
  `| ${name} | ${Object.entries(f)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('; ')} |`;
const pct = (x: number | undefined) => `${(x ?? 0) * 100}%`;
const lines = [
  '# Reliability figures',
  '',
  'Written by `npm run docs` from the counts of `test/reliability/reliability.test.ts`.',
  `Faults injected by the emulator: ${pct(faults.rate429)} 429 (Retry-After ${faults.retryAfterSeconds} s), ${pct(faults.rate5xx)} 5xx, ${pct(faults.rateMalformed)} malformed JSON, ${pct(faults.rateDrop)} dropped connections.`,
  '',
  '| scenario | figures |',
  '| --- | --- |',
  ...Object.entries(figures).map(([name, f]) => row(name, f)),
  '',
  '## The busiest day',
  '',
  'From `schedules.test.ts`, `background.test.ts` and `properties.test.ts`, on the built bundle in the strict runtime (no faults injected).',
  '',
  '| scenario | figures |',
  '| --- | --- |',
  ...busiest.map((b) => row(b.scenario, b.figures)),
  '',
];
writeFileSync('docs/reliability.md', lines.join('\n'));
for (const image of [
  'sidebar.png',
  'sidebar-scores.png',
  'sidebar-outreach.png',
  'sidebar-schedules.png',
  'sidebar-start.png',
  'sidebar-settings.png',
  'sidebar-monitor.png',
])
  copyFileSync(`out/${image}`, `docs/${image}`);
console.log('docs/reliability.md and the sidebar screenshots written');

writeFileSync('docs/layers.md', layersDocument());
