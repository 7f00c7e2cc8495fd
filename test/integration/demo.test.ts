// The `npm start` path end to end: build output, emulator, sample sheet, settings, formula,
// generation, polling to completion, and the filled CSV.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
  // Outreach: a pitch per prospect, two marked contacted, both listed in the follow-ups.
  expect(run.stdout).toMatch(/Pitches written for \d+ rows/);
  expect(run.stdout).toMatch(/2 rows marked contacted/);
  // One of the two moved a lot in the week (said as a rare move), the other a few points.
  expect(run.stdout).toMatch(/1 of the 2 contacted prospects moved by 10 points or more/);
  // A week's moves are a few points; a big one says it is rare.
  const moves = run.stdout.match(/^ {4}[^ |-].*: \d+ → \d+ \([+-]\d+.*\)$/gm) ?? [];
  expect(moves.length).toBeGreaterThan(0);
  for (const line of moves) {
    const change = Math.abs(Number(/\(([+-]\d+)/.exec(line)![1]));
    if (change >= 10) expect(line).toContain('a rare big move');
  }
  // Piped, the output is plain lines: no colour codes, no progress bar redrawn with \r.
  expect(run.stdout).not.toContain(String.fromCharCode(27));
  expect(run.stdout).not.toContain('\r');
  expect(run.stdout).toMatch(/\n {2}\[[#x.]+\] \d+ complete, 0 pending/);
  // The monitor table has every engine and whole messages.
  expect(run.stdout).toMatch(/Overall score +ChatGPT +Claude +Gemini +AI Overviews +Scan message/);
  expect(run.stdout).toMatch(/to scan again\.\n/);
  // A report deck for the first brand, pictured beside the CSV.
  expect(run.stdout).toMatch(/4 responses arrived; 2 e-mails went out at once/);
  expect(run.stdout).toMatch(/Pat +stripe\.com +no consent/);
  expect(run.stdout).toMatch(/Report made: \d slides in your Drive/);
  const report = readFileSync(path.join(path.dirname(out), 'report.html'), 'utf8');
  expect(report).toMatch(/<section aria-label="Slide 4">/);
  expect(report).toContain('Against its competitors');
  expect(report).not.toContain('demo-pro-key');
  const [head, ...rows] = parseCsv(readFileSync(out, 'utf8'));
  const col = (name: string) => head!.indexOf(name);
  expect(rows.length).toBeGreaterThanOrEqual(50);
  const withSite = rows.filter((r) => r[col('Preview UUID')]);
  expect(withSite.length).toBeGreaterThanOrEqual(50);
  expect(
    withSite.every(
      (r) => r[col('Preview status')] === 'complete' && /^\d+$/.test(r[col('Preview scan score')]!),
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
  // The story is told from the past: no date it wrote lies after the moment it ended.
  const dates = [...readFileSync(out, 'utf8').matchAll(/\b(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})\b/g)];
  expect(dates.length).toBeGreaterThan(50);
  const latest = Math.max(...dates.map((d) => Date.parse(`${d[1]}T${d[2]}:00Z`)));
  expect(latest).toBeLessThanOrEqual(Date.now());
});

const demo = (csv: string, ...flags: string[]) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'demo-'));
  writeFileSync(path.join(dir, 'in.csv'), csv);
  const out = path.join(dir, 'out.csv');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'dev/demo.ts', '--csv', path.join(dir, 'in.csv'), '--out', out, ...flags],
    { encoding: 'utf8', timeout: 60000 },
  );
  return { run, out: () => readFileSync(out, 'utf8'), input: path.join(dir, 'in.csv') };
};

it('takes a ;-separated CSV from Excel and gives the user columns back unchanged, for Excel', () => {
  const { run, out } = demo(
    'Company;Website;Contact\nCafé Zoë;acme.com;00123\nHarbor;harboroutdoor.co.uk;+44 20 7946\n',
    '--time-scale',
    '400',
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const text = out();
  // The separator it came with (Excel in a ; locale opens it in columns), and a byte-order mark.
  expect(text.startsWith('\ufeffCompany;Website;Contact;')).toBe(true);
  const [head, ...rows] = parseCsv(text);
  const contact = head!.indexOf('Contact');
  expect(rows.map((r) => [r[0], r[contact]])).toEqual([
    ['Café Zoë', '00123'],
    ['Harbor', "'+44 20 7946"],
  ]);
});

it.each([
  ['Company,Website\n', 'has no websites under its "Website" header: add one per row.'],
  [
    'Company;Site\nAcme;acme.com\n',
    'has no "Website" column in its first row (found: Company, Site): rename "Site" to Website, then run it again.',
  ],
  [
    'Company,Domain\nAcme,acme.com\n',
    'has no "Website" column in its first row (found: Company, Domain): rename "Domain" to Website, then run it again.',
  ],
  [
    'Company,Notes\nAcme,call back\n',
    'has no "Website" column in its first row (found: Company, Notes): name the column that holds the websites Website, then run it again.',
  ],
])('refuses %j in one line, with a non-zero exit', (csv, message) => {
  const { run, input } = demo(csv);
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim()).toBe(`${input} ${message}`);
});

it('runs a one-row list through every step', () => {
  const { run, out } = demo('Company,Website\nAcme,nike.com\n', '--time-scale', '400');
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/1 row marked contacted/);
  expect(parseCsv(out())).toHaveLength(2);
});

it.each([
  [['--csv', 'no-such-file.csv'], 'no-such-file.csv: no such file (--csv FILE names the sheet).'],
  [
    ['--key', 'abc'],
    '--key goes with --base-url (a real service); the emulator has its own demo keys.',
  ],
])('refuses %j in one line', (flags, message) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'dev/demo.ts', ...flags], {
    encoding: 'utf8',
    timeout: 20000,
  });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim()).toBe(message);
});
