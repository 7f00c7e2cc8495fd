/**
 * `npm run docs`: regenerates the tracked documents that come from test runs. The tests leave
 * their figures and screenshot in out/ (untracked, so `npm test` never changes a tracked file);
 * this script runs them and writes docs/reliability.md and docs/sidebar.png from what they left.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';

const jest = spawnSync(
  'npx',
  ['jest', '--selectProjects', 'integration', 'browser', '--', 'reliability', 'sidebar'],
  { stdio: 'inherit' },
);
if (jest.status !== 0) process.exit(jest.status ?? 1);

const { faults, figures } = JSON.parse(readFileSync('out/reliability.json', 'utf8')) as {
  faults: Record<string, number>;
  figures: Record<string, Record<string, unknown>>;
};
const pct = (x: number | undefined) => `${(x ?? 0) * 100}%`;
const lines = [
  '# Reliability figures',
  '',
  'Written by `npm run docs` from the counts of `test/reliability/reliability.test.ts`.',
  `Faults injected by the emulator: ${pct(faults.rate429)} 429 (Retry-After ${faults.retryAfterSeconds} s), ${pct(faults.rate5xx)} 5xx, ${pct(faults.rateMalformed)} malformed JSON, ${pct(faults.rateDrop)} dropped connections.`,
  '',
  '| scenario | figures |',
  '| --- | --- |',
  ...Object.entries(figures).map(
    ([name, f]) =>
      `| ${name} | ${Object.entries(f)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join('; ')} |`,
  ),
  '',
];
writeFileSync('docs/reliability.md', lines.join('\n'));
for (const image of ['sidebar.png', 'sidebar-scores.png', 'sidebar-schedules.png'])
  copyFileSync(`out/${image}`, `docs/${image}`);
console.log('docs/reliability.md and the sidebar screenshots written');
