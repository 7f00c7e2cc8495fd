/**
 * `npm run docs`: regenerates the tracked documents that come from test runs. The tests leave
 * their figures and screenshot in out/ (untracked, so `npm test` never changes a tracked file);
 * this script runs them and writes docs/reliability.md, the sidebar's pictures and the link card's
 * (docs/link-card.png) from what they left, then runs the demo (`npm start`'s job) and pictures
 * each slide of its report deck through Chromium as docs/report-slide-N.png.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { FACT_DOCS, withFacts } from './docFacts';
import { layersDocument } from './import-graph';

// Figures of a scenario renamed or removed since the last run must not linger in the table.
mkdirSync('out', { recursive: true });
for (const f of readdirSync('out', { withFileTypes: true }))
  if (f.name.startsWith('busiest-day-')) rmSync(`out/${f.name}`);

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
    'outreach',
    'linkCards',
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
  'From `schedules.test.ts`, `background.test.ts`, `properties.test.ts` and `outreach.test.ts`, on the built bundle in the strict runtime (no faults injected).',
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
  'sidebar-leads.png',
  'sidebar-start.png',
  'sidebar-settings.png',
  'sidebar-monitor.png',
  'link-card.png',
])
  copyFileSync(`out/${image}`, `docs/${image}`);
console.log('docs/reliability.md and the sidebar screenshots written');

writeFileSync('docs/layers.md', layersDocument());
for (const doc of FACT_DOCS) writeFileSync(doc, withFacts(readFileSync(doc, 'utf8')));
console.log(`the facts quoted in ${FACT_DOCS.length} docs written from the code`);

const demo = spawnSync('node', ['--import', 'tsx', 'dev/demo.ts'], { stdio: 'inherit' });
if (demo.status !== 0) process.exit(demo.status ?? 1);
/** Each slide of the demo's report deck, as Chromium draws the runtime's picture of it. */
async function slidePictures(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 760, height: 500 } });
    await page.goto(`file://${path.resolve('out/report.html')}`);
    const slides = page.locator('section');
    for (const old of readdirSync('docs').filter((f) => f.startsWith('report-slide-')))
      rmSync(`docs/${old}`);
    const count = await slides.count();
    for (let i = 0; i < count; i++)
      await slides.nth(i).screenshot({ path: `docs/report-slide-${i + 1}.png` });
    console.log(`docs/report-slide-1..${count}.png written from out/report.html`);
  } finally {
    await browser.close();
  }
}

slidePictures().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
