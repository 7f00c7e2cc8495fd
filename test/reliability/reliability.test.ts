// Reliability and security: nothing lost, nothing twice, nothing leaked, under faults and bad
// input. Leaves its figures in out/ (untracked); `npm run docs` turns them into docs/reliability.md.
import { sized } from '../size';
import { mkdirSync, writeFileSync } from 'node:fs';
import { findByDomain, INDEX, previewOverall } from '../../dev/emulator/brandIndex';
import { parseWebsite } from '../../src/domain/website';
import { VIS_FUNCTIONS, type VisName } from '../../src/domain/visFunctions';
import { startWorld, type World } from '../integration/harness';
import { sidebar } from '../sidebarApi';
import { failing } from '../failing';
import { generateAll, leaks, load, rows } from './lists';

const FAULTS = {
  rate429: 0.2,
  retryAfterSeconds: 1,
  rate5xx: 0.05,
  rateMalformed: 0.05,
  rateDrop: 0.02,
  seed: 20261122,
};
const figures: Record<string, Record<string, unknown>> = {};
let w: World;
afterEach(() => w?.close());

afterAll(() => {
  mkdirSync('out', { recursive: true });
  writeFileSync('out/reliability.json', JSON.stringify({ faults: FAULTS, figures }, null, 2));
});

const expectedScore = (site: unknown) => {
  const p = parseWebsite(site);
  const domain = p.ok ? p.domain : '';
  return previewOverall(domain, findByDomain(domain));
};

describe('faults', () => {
  it('a 500-row generation leaves every eligible row a uuid or a clear message, nothing else touched; polling converges', async () => {
    w = await startWorld();
    const sites = Array.from({ length: 500 }, (_, i) => `faulty-${i}.com`);
    load(w.rt, sites);
    await w.emu.faults(FAULTS);
    const reports = generateAll(w.rt);
    const after = rows(w.rt);
    const withUuid = after.filter((r) => /^[0-9a-f-]{36}$/.test(String(r['Preview UUID'])));
    const withMessage = after.filter(
      (r) =>
        !r['Preview UUID'] &&
        String(r['Preview status']).startsWith('error') &&
        String(r['Preview message']).length > 20,
    );
    const lost = after.length - withUuid.length - withMessage.length;
    expect(lost).toBe(0);
    after.forEach((r, i) =>
      expect([r.Company, r.Website, r.Notes]).toEqual([`Company ${i}`, sites[i], `Notes ${i}`]),
    );
    const stats = await w.emu.stats();
    // Every site is distinct, so each preview made is a row's uuid, an extra preview of a site
    // whose first answer was lost (a duplicate), or the preview of a row left with an error saying
    // why (no answer; or a lost send, then an answer refused or unreadable).
    const unanswered = withMessage.length;
    const orphans = stats.previewsCreated - withUuid.length;
    const madeForUnansweredRows = orphans - stats.duplicatePreviews;
    expect(madeForUnansweredRows).toBeGreaterThanOrEqual(0);
    expect(madeForUnansweredRows).toBeLessThanOrEqual(unanswered);

    let polls = 0;
    let pending = Infinity;
    while (pending > 0 && polls < 30) {
      await w.elapse(20000);
      pending = sidebar(w.rt).pollPendingPreviews().pending;
      polls++;
    }
    expect(pending).toBe(0);
    const done = rows(w.rt).filter((r) => r['Preview UUID']);
    const wrong = done.filter(
      (r) =>
        r['Preview status'] !== 'complete' || r['Preview scan score'] !== expectedScore(r.Website),
    );
    expect(
      wrong.map((r) => `${r.Website}: ${r['Preview status']} ${r['Preview scan score']}`),
    ).toEqual([]);
    const leaked = leaks(w.rt, reports);
    expect(leaked).toEqual([]);
    const final = await w.emu.stats();
    figures['Generate 500 rows under faults, then poll'] = {
      faults: final.faults,
      requests: Object.values(final.requests).reduce((a, b) => a + b, 0),
      rows: 500,
      'with a preview': withUuid.length,
      'with a message': withMessage.length,
      'of which no answer (the preview may exist)': unanswered,
      'previews made whose answer was lost': orphans,
      'polls to converge': polls,
      duplicates: final.duplicatePreviews,
      lost,
      leaks: leaked.length,
    };
  });

  /** Generate until done over `count` rows with this share of connections dropped. */
  async function generateWithDrops(count: number, rateDrop: number, seed: number) {
    w = await startWorld();
    load(
      w.rt,
      Array.from({ length: count }, (_, i) => `drop-${i}.com`),
    );
    await w.emu.faults({ rateDrop, seed });
    const reports = generateAll(w.rt);
    expect(reports.map((r) => r.state).pop()).toBe('done');
    const stats = await w.emu.stats();
    const result = {
      'rows without a link': rows(w.rt).filter((r) => !r['Report URL']).length,
      'extra previews': stats.duplicatePreviews,
      'round trips': w.rt.fetchStats.fetchAllCalls,
      POSTs: stats.requests['POST /api/visibility/scan-preview'] ?? 0,
    };
    await w.close();
    return result;
  }

  it('with 2% of connections dropped, 500 rows over two seeds (five at full size): at most 1% without a link in every run, at most 10% extra previews on average', async () => {
    const runs = [];
    const seeds = sized(2, 5);
    for (let seed = 1; seed <= seeds; seed++) runs.push(await generateWithDrops(500, 0.02, seed));
    expect(failing(runs, (r) => r['rows without a link'] <= 5)).toEqual([]);
    const meanExtra = runs.reduce((n, r) => n + r['extra previews'], 0) / runs.length;
    expect(meanExtra).toBeLessThanOrEqual(50);
    figures[`Generate 500 rows, 2% of connections dropped, ${seeds} seeds`] = {
      'rows without a link (per seed)': runs.map((r) => r['rows without a link']).join(', '),
      'extra previews (per seed)': runs.map((r) => r['extra previews']).join(', '),
      'extra previews (mean)': `${meanExtra} (${((meanExtra / 500) * 100).toFixed(1)}% of rows)`,
      'round trips (per seed)': runs.map((r) => r['round trips']).join(', '),
    };
  }, 120000);

  it.each([
    [500, 0.001, 0, 20, null],
    [1000, 0, 0, 0, 16],
  ])(
    '%i rows with %p of connections dropped end with at most %i without a link and %i extra previews',
    async (count, rateDrop, maxWithoutLink, maxExtra, maxTrips) => {
      const r = await generateWithDrops(count, rateDrop, FAULTS.seed);
      expect(r['rows without a link']).toBeLessThanOrEqual(maxWithoutLink);
      expect(r['extra previews']).toBeLessThanOrEqual(maxExtra);
      // A clean connection: batches of 8 doubling to 48 until 500 went clean (one drop costs at
      // most 48 rows), then doubling on: 1,000 rows in 16 round trips.
      if (maxTrips !== null) expect(r['round trips']).toBeLessThanOrEqual(maxTrips);
      figures[`Generate ${count} rows, ${rateDrop * 100}% of connections dropped`] = r;
    },
  );

  it('a connection that dropped in the last hour starts small; an hour later, at the usual size', async () => {
    w = await startWorld();
    const firstBatch = (sites: string[]) => {
      load(w.rt, sites);
      const before = w.rt.fetchStats.log.length;
      const calls = w.rt.fetchStats.fetchAllCalls;
      generateAll(w.rt);
      // The first round trip's POSTs: the requests logged before the second fetchAll began.
      return {
        posts: w.rt.fetchStats.log.length - before,
        trips: w.rt.fetchStats.fetchAllCalls - calls,
      };
    };
    // Every connection drops once: the run remembers it.
    await w.emu.faults({ rateDrop: 1, seed: 3 });
    firstBatch(['dropped-1.com', 'dropped-2.com']);
    await w.emu.faults({ rateDrop: 0, seed: 3 });
    const soon = firstBatch(Array.from({ length: 30 }, (_, i) => `soon-${i}.com`));
    // 1, 2, 4, 8, 15: five round trips for 30 rows, where a fresh start sends 8, 16 and 6.
    expect(soon.trips).toBe(5);
    await w.elapse(61 * 60000);
    const later = firstBatch(Array.from({ length: 30 }, (_, i) => `later-${i}.com`));
    expect(later.trips).toBe(3);
  });

  it('custom functions over 1,000 rows answer every row and never fail the column', async () => {
    w = await startWorld();
    await w.emu.faults(FAULTS);
    const known = INDEX.filter((b) => !b.domain.endsWith('.example')).map((b) => b.domain);
    const input = Array.from({ length: 1000 }, (_, i) => [
      i % 3 === 0 ? known[i % known.length] : `faulty-cf-${i % 600}.com`,
    ]);
    const out = w.rt.customFunction('VIS_SCORE', input) as unknown[][];
    expect(out).toHaveLength(1000);
    const values = out.filter((r) => typeof r[0] === 'number').length;
    const messages = out.filter(
      (r) => typeof r[0] === 'string' && (r[0] as string).length > 0,
    ).length;
    const notInIndex = out.filter((r) => r[0] === 'not in index').length;
    expect(values + messages).toBe(1000);
    const leaked = leaks(w.rt, out);
    expect(leaked).toEqual([]);
    figures['VIS_SCORE over 1,000 rows under faults'] = {
      faults: (await w.emu.stats()).faults,
      requests: w.rt.fetchStats.requests,
      'round trips': w.rt.fetchStats.fetchAllCalls,
      'rows with a value': values,
      'rows with a message': `${messages} (${notInIndex} not in index, ${messages - notInIndex} errors or loading)`,
      lost: 1000 - values - messages,
      leaks: leaked.length,
    };
  });
});

describe('cut off, pressed twice', () => {
  it('a re-run after the platform stops a generation finishes with no duplicate and no lost row; a second press is refused', async () => {
    w = await startWorld();
    const sites = Array.from({ length: 600 }, (_, i) => `cut-${i}.com`);
    load(w.rt, sites);
    expect(() =>
      w.rt.run('startPreviewsForSelection', [], {
        cutOffAt: { call: 'UrlFetchApp.fetchAll', nth: 3 },
      }),
    ).toThrow('Exceeded maximum execution time');
    const before = rows(w.rt).filter((r) => r['Preview UUID']).length;
    w.rt.holdLock('document', true);
    const busy = sidebar(w.rt).startPreviewsForSelection();
    expect(busy.state).toBe('busy');
    w.rt.holdLock('document', false);
    const reports = generateAll(w.rt);
    const stats = await w.emu.stats();
    const lost = rows(w.rt).filter((r) => !r['Preview UUID']).length;
    expect([stats.previewsCreated, stats.duplicatePreviews, lost]).toEqual([600, 0, 0]);
    const leaked = leaks(w.rt, [busy, ...reports]);
    expect(leaked).toEqual([]);
    figures['Cut off at the third batch, then re-run'] = {
      rows: 600,
      'written before the stop': before,
      POSTs: stats.requests['POST /api/visibility/scan-preview'],
      duplicates: 0,
      lost,
      'second press': busy.state,
      leaks: leaked.length,
    };
  });
});

describe('users move things', () => {
  it('sorted, inserted, deleted rows and moved columns: every result lands in its uuid’s row', async () => {
    w = await startWorld();
    const sites = Array.from({ length: 40 }, (_, i) => `moving-${i}.com`);
    load(w.rt, sites);
    generateAll(w.rt);
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.sort(1, false);
    sheet.insertRowsBefore(5, 3);
    const deletedUuid =
      sheet.probe.rows[10]![sheet.probe.rows[0]!.findIndex((c) => c.value === 'Preview UUID')]!
        .value;
    sheet.deleteRow(11);
    // Move our UUID column to the front and swap two of our other columns.
    const head = () => sheet.probe.rows[0]!.map((c) => c.value);
    const move = (from: number, to: number) =>
      sheet.probe.rows.forEach((r) => {
        while (r.length <= Math.max(from, to)) r.push({ value: '' });
        const [c] = r.splice(from, 1);
        r.splice(to, 0, c!);
      });
    move(head().indexOf('Preview UUID'), 0);
    move(head().indexOf('Preview scan score'), head().indexOf('Report URL'));
    await w.elapse(120000);
    const r = sidebar(w.rt).pollPendingPreviews();
    expect([r.pending, r.complete, r.triggered]).toEqual([0, 39, 39]);
    const after = rows(w.rt).filter((x) => x.Website);
    expect(after).toHaveLength(39);
    for (const row of after) expect(row['Preview scan score']).toBe(expectedScore(row.Website));
    expect(JSON.stringify(sheet.probe.rows)).not.toContain(String(deletedUuid));
    const leaked = leaks(w.rt);
    expect(leaked).toEqual([]);
    figures['Sorted, 3 rows inserted, 1 deleted, columns moved'] = {
      rows: 40,
      'results in their own row': after.length,
      'deleted row dropped': 1,
      misplaced: 0,
      leaks: leaked.length,
    };
  });
});

const FUZZ: unknown[] = [
  42,
  -1,
  0,
  3.14,
  true,
  false,
  new Date('2026-01-01'),
  '#N/A',
  '#REF!',
  '#DIV/0!',
  'x'.repeat(10000),
  'a.'.repeat(5000) + 'com',
  'bücher.de',
  'xn--bcher-kva.de',
  'https://münchen.de/straße',
  '日本語.jp',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'JAVASCRIPT://x.com',
  '192.168.1.1',
  'http://10.0.0.1/admin',
  '[::1]',
  'http://[2001:db8::1]/',
  '   ',
  '\t\n',
  ' acme.com ',
  'http://',
  '//',
  '.com',
  'a..b.com',
  'acme.com:99999',
  'mailto:x@acme.com',
  'file:///etc/passwd',
  '=1+1',
  '+acme.com',
  '-acme.com',
  '@acme.com',
  '<img src=x onerror=alert(1)>.com',
  'acme .com',
  '😀.com',
  '',
  null,
  undefined,
  'UPPER.COM',
  'www.',
  'http://user:pass@acme.com/',
  'acme.com/' + 'p/'.repeat(3000),
];

describe('bad input', () => {
  it('fuzzed custom functions: never an uncaught exception, always a value or a row message', async () => {
    w = await startWorld();
    const column = FUZZ.map((v) => [v]);
    // Every function of the table, the fuzz in its list argument (a required argument before it
    // given a real site), then the argument forms that change what a row says.
    const calls: Array<[string, unknown[]]> = [
      ...(Object.keys(VIS_FUNCTIONS) as VisName[]).map((fn): [string, unknown[]] => {
        const spec: { list: string; args: ReadonlyArray<{ name: string; help: string }> } =
          VIS_FUNCTIONS[fn];
        const at = spec.args.findIndex((a) => a.name === spec.list);
        return [
          fn,
          spec.args
            .slice(0, at + 1)
            .map((a, i) =>
              i === at ? column : a.help.startsWith('Optional') ? undefined : 'acmeanalytics.com',
            ),
        ];
      }),
      ['VIS_SCORE', [column, 'claude']],
      ['VIS_BRAND', [column, 'slug', true]],
      ['VIS_BRAND', [column, 'name']],
      ['VIS_EVIDENCE', [column, 30, true]],
    ];
    expect(new Set(calls.map(([fn]) => fn))).toEqual(new Set(Object.keys(VIS_FUNCTIONS)));
    let cells = 0;
    for (const [fn, args] of calls) {
      const out = w.rt.customFunction(fn, ...args) as unknown[][];
      expect(out.length).toBeGreaterThanOrEqual(FUZZ.length);
      for (const row of out)
        for (const c of row) {
          expect(['number', 'string', 'boolean'].includes(typeof c) || c instanceof Date).toBe(
            true,
          );
          cells++;
        }
      FUZZ.forEach((v, i) => {
        const blank =
          v === '' || v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
        // A row for every non-blank input says something: a value or a message.
        // (with_headers TRUE puts the header row first)
        const row = out[i + (args.includes(true) ? 1 : 0)]!;
        if (!blank && fn !== 'VIS_BRAND')
          expect([fn, v, row.some((c) => c !== '')]).toEqual([fn, v, true]);
      });
    }
    for (const v of FUZZ) expect(() => w.rt.customFunction('VIS_SCORE', v)).not.toThrow();
    const big = Array.from({ length: 50000 }, (_, i) => [FUZZ[i % FUZZ.length]]);
    const out = w.rt.customFunction('VIS_SCORE', big) as unknown[][];
    expect(out).toHaveLength(50000);
    const leaked = leaks(w.rt);
    expect(leaked).toEqual([]);
    figures['Fuzzed custom functions'] = {
      inputs: FUZZ.length,
      'functions and argument forms': calls.length,
      'cells answered': cells,
      '50,000-row range': 'answered row for row',
      'requests for the 50,000 rows': w.rt.fetchStats.requests,
      exceptions: 0,
      leaks: leaked.length,
    };
  });

  it('fuzzed bulk generation: valid rows get a preview, bad rows a message, blank rows stay blank', async () => {
    w = await startWorld();
    load(
      w.rt,
      FUZZ.map((v) => (v instanceof Date || typeof v !== 'string' ? v : v)),
      [],
    );
    const reports = generateAll(w.rt);
    expect(failing(reports, (r) => typeof r.message === 'string')).toEqual([]);
    const after = rows(w.rt);
    FUZZ.forEach((v, i) => {
      const row = after[i]!;
      const site = parseWebsite(v);
      if (!site.ok && site.blank) expect(row['Preview status']).toBe('');
      else if (site.ok) expect(row['Preview UUID']).toMatch(/^[0-9a-f-]{36}$/);
      else
        expect([row['Preview status'], String(row['Preview message']).length > 0]).toEqual([
          'error: bad URL',
          true,
        ]);
    });
    const leaked = leaks(w.rt, reports);
    expect(leaked).toEqual([]);
    figures['Fuzzed bulk generation'] = {
      rows: FUZZ.length,
      previews: after.filter((r) => r['Preview UUID']).length,
      'bad URL messages': after.filter((r) => r['Preview status'] === 'error: bad URL').length,
      exceptions: 0,
      leaks: leaked.length,
    };
  });
});

describe('cells are data', () => {
  it('service text beginning with = + - @ lands as text, and javascript:/data: links are never written', async () => {
    w = await startWorld();
    load(w.rt, ['hostile-one.com', 'hostile-two.com']);
    await w.emu.faults({ hostile: true });
    generateAll(w.rt);
    await w.elapse(120000);
    sidebar(w.rt).pollPendingPreviews();
    sidebar(w.rt).openScanMonitor();
    const monitor = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
    [1001, 1004, 1005].forEach((id, i) => monitor.probe.place(i + 2, 1, { value: id }));
    sidebar(w.rt).pollScanMonitor();
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.probe.place(1, 20, { value: '', formula: '=VIS_BRAND(B2:B3)' });
    w.rt.recalculate();

    const formulas = w.rt.spreadsheet.sheets.flatMap((s) =>
      s.probe.rows
        .flat()
        .filter((c) => c.formula)
        .map((c) => c.formula),
    );
    expect(formulas).toEqual(['=VIS_BRAND(B2:B3)']);
    const previews = rows(w.rt);
    expect(
      previews.map((r) => [r['Preview status'], r['Report URL'], r['Agent site URL']]),
    ).toEqual([
      ['complete', '', ''],
      ['complete', '', ''],
    ]);
    const scans = rows(w.rt, 'Scan monitor');
    expect(scans.map((r) => r['Report URL'])).toEqual(['', '', '']);
    // A failed scan's summary is not written (our own sentence replaces it); a message is.
    expect(scans.map((r) => String(r['Scan message']))).toContainEqual(
      expect.stringMatching(/^-1 queries left/),
    );
    const leaked = leaks(w.rt);
    expect(leaked).toEqual([]);
    figures['Hostile service text'] = {
      'formula cells written by the add-on': formulas.length - 1,
      'javascript:/data: links written': 0,
      'text kept as text': 'yes',
      leaks: leaked.length,
    };
  });
});

describe('quota', () => {
  it('near the daily URL-fetch quota, new work stops with a message instead of failing mid-batch', async () => {
    w = await startWorld();
    load(
      w.rt,
      Array.from({ length: 300 }, (_, i) => `quota-${i}.com`),
    );
    const day = new Date(w.rt.clock.now()).toISOString().slice(0, 10);
    w.rt.userProperties(w.rt.owner).data['vis.usage'] = JSON.stringify({ day, fetches: 19400 });
    // 600 left, 500 kept for polling: 100 rows are sent, 200 wait for tomorrow.
    const fits = sidebar(w.rt).startPreviewsForSelection();
    expect(fits.state).toBe('done');
    expect([fits.created, fits.leftForTomorrow]).toEqual([100, 200]);
    expect(fits.message).toMatch(/200 rows were left for tomorrow/);
    expect((await w.emu.stats()).previewsCreated).toBe(100);
    const refused = sidebar(w.rt).startPreviewsForSelection();
    expect(refused.state).toBe('refused');
    expect(refused.message).toMatch(/requests are nearly used up/);
    expect((await w.emu.stats()).previewsCreated).toBe(100);
    const cells = w.rt.customFunction(
      'VIS_SCORE',
      Array.from({ length: 300 }, (_, i) => [`quota-cf-${i}.com`]),
    ) as unknown[][];
    const quotaRows = cells.filter((r) =>
      String(r[0]).includes('requests are nearly used up'),
    ).length;
    expect(quotaRows).toBe(300);
    expect(w.rt.fetchStats.requests).toBe(100);
    figures['Daily quota'] = {
      'fetches counted today before': 19400,
      'generation of 300': `${fits.created} sent, ${fits.leftForTomorrow} left for tomorrow`,
      'VIS_SCORE of 300 then': `${quotaRows} rows say the quota is nearly used`,
      leaks: leaks(w.rt, [fits, refused]).length,
    };
  });
});
