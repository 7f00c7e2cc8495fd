// The `npm start` path end to end: build output, emulator, sample sheet, settings, formula,
// generation, polling to completion, and the filled CSV.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCsv } from '../../dev/gas-runtime/csv';

it('fills the sample sheet and writes it out', () => {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'demo-')), 'prospects.csv');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'dev/demo.ts', '--out', out, '--time-scale', '200'],
    {
      encoding: 'utf8',
      timeout: 60000,
    },
  );
  expect(run.stderr).not.toMatch(/Error/);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/recalculated: 0 requests/);
  const [head, ...rows] = parseCsv(readFileSync(out, 'utf8'));
  const col = (name: string) => head!.indexOf(name);
  expect(rows.length).toBeGreaterThanOrEqual(50);
  const withSite = rows.filter((r) => r[col('Preview UUID')]);
  expect(withSite.length).toBeGreaterThanOrEqual(50);
  expect(
    withSite.every(
      (r) => r[col('Preview status')] === 'complete' && /^\d+$/.test(r[col('Visibility score')]!),
    ),
  ).toBe(true);
  expect(rows.some((r) => r[col('Preview status')] === 'error: bad URL')).toBe(true);
  const [monitorHead, ...agents] = parseCsv(
    readFileSync(path.join(path.dirname(out), 'scan-monitor.csv'), 'utf8'),
  );
  const state = monitorHead!.indexOf('Scan state');
  expect(agents.map((a) => a[state])).toEqual([
    'complete',
    'complete',
    'complete',
    'failed',
    'complete',
  ]);
  // The key is never written to the sheet.
  expect(readFileSync(out, 'utf8')).not.toContain('demo-pro-key');
});
