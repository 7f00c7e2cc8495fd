// Scoring a list into values on the built bundle: the plan, values never formulas, a second run
// that costs nothing, brands that move a week later, sorting between runs, history and its cap,
// and a 10,000-row list finished over several executions.
import { sized } from '../size';
import { INDEX } from '../../dev/emulator/brandIndex';
import type { Sheet } from '../../dev/gas-runtime/spreadsheet';
import { DataValidationBuilder } from '../../dev/gas-runtime/validation';
import { records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import type { ScoreReport, ScoreRunOptions } from '../../src/contract/scores';
import { failing } from '../failing';
import { METHOD } from '../../src/domain/method';
import { NO_WEBSITE } from '../../src/domain/scoreList';

let w: World;
afterEach(() => w?.close());

const DAY = 24 * 3600 * 1000;
const indexed = INDEX.filter((b) => !b.domain.endsWith('.example'));
const SCORE_GETS = 'GET /api/visibility/score';

type Report = ScoreReport;

/** 300 rows: 150 indexed brands (some written twice), unknown sites, bad cells and blanks. */
function listRows(): string[] {
  return Array.from({ length: 300 }, (_, i) => {
    if (i % 30 === 7) return '';
    if (i % 50 === 11) return 'not a website';
    if (i % 10 === 9) return `https://www.${indexed[(i - 9) % 150]!.domain}/pricing`;
    if (i % 4 === 3) return `unknown-${i}.com`;
    return indexed[i % 150]!.domain;
  });
}

function load(sheet: Sheet, sites: string[]): void {
  sheet.setName('Prospects');
  sheet.probe.rows = [
    ['Company', 'Website', 'Notes'],
    ...sites.map((s, i) => [`Co ${i}`, s, `n${i}`]),
  ].map((r) => r.map((value) => ({ value })));
  sheet.setActiveSelection(`B1:B${sites.length + 1}`);
}

const score = (rt: World['rt'], options: ScoreRunOptions = {}) =>
  sidebar(rt).scoreSelection(options);

function scoreAll(rt: World['rt'], options: ScoreRunOptions): Report[] {
  const reports: Report[] = [];
  let request: Report['request'] = null;
  for (let i = 0; i < 20; i++) {
    const r = score(rt, { ...options, request });
    reports.push(r);
    if (r.state !== 'partial') break;
    request = r.request;
  }
  return reports;
}

const gets = async () => (await w.emu.stats()).requests[SCORE_GETS] ?? 0;

describe('scoreSelection', () => {
  it('writes values for a 300-row list, then a week later records exactly the brands that moved', async () => {
    w = await startWorld();
    const sheet = w.rt.spreadsheet.activeSheet;
    const sites = listRows();
    load(sheet, sites);
    const plan = sidebar(w.rt).getScorePlan({ refresh: 'missing' });
    const distinct = new Set(
      sites
        .filter((s) => s && s !== 'not a website')
        .map((s) => s.replace(/^https:\/\/www\./, '').replace(/\/.*$/, '')),
    ).size;
    expect(plan).toMatchObject({
      toFetch: distinct,
      distinct,
      fresh: 0,
      cached: 0,
      requests: distinct,
    });
    // A company with no website yet is said on its row too (issue 74), not skipped in silence.
    expect(plan.invalid).toBe(sites.filter((s) => s === 'not a website' || s === '').length);

    const first = score(w.rt, { refresh: 'missing' });
    expect(first.state).toBe('done');
    expect(await gets()).toBe(distinct);
    const rows = records(sheet);
    rows.forEach((r, i) => {
      expect([r.Company, r.Website, r.Notes]).toEqual([`Co ${i}`, sites[i], `n${i}`]);
      const brand = indexed.find((b) => sites[i]!.includes(b.domain));
      if (sites[i] === '')
        expect([r['Public score'], r['Score message']]).toEqual(['', `error: ${NO_WEBSITE}`]);
      else if (sites[i] === 'not a website')
        expect(r['Score message']).toMatch(/^error: not a website/);
      else if (!brand)
        expect([r['Public score'], r['Score message']]).toEqual(['', 'not in index']);
      else {
        expect(r['Public score']).toBe(brand.overallScore);
        expect(r.Brand).toBe(brand.brandName);
        expect(r.ChatGPT).toBe(brand.platformScores.chatgpt ?? '');
        expect(r.Change).toBe('');
        expect(r.Checked).toBeInstanceOf(Date);
      }
    });
    // Values, never formulas, anywhere the add-on wrote.
    expect(sheet.probe.rows.flat().some((c) => c.formula)).toBe(false);
    const brands = new Set(indexed.filter((b) => sites.some((s) => s.includes(b.domain))));
    const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
    expect(history.probe.rows.length - 1).toBe(brands.size);
    expect(first.historyAdded).toBe(brands.size);

    // Nothing new is due: no request, no history row.
    const again = score(w.rt, { refresh: 'missing' });
    expect(again.state).toBe('nothing');
    expect(await gets()).toBe(distinct);

    // Eight days later 20 brands were rescanned; the user sorted the list meanwhile.
    w.rt.advance(8 * DAY);
    const moved = [...brands].slice(0, 20).map((b, i) => ({
      brand: b.domain,
      overallScore: i % 2 ? Math.max(0, b.overallScore - 12) : Math.min(100, b.overallScore + 12),
      lastScanDate: '2026-11-20T09:00:00.000Z',
    }));
    expect(await w.emu.moveBrands(moved)).toBe(20);
    sheet.sort(1, false);
    const stale = score(w.rt, { refresh: 'stale' });
    expect(stale.state).toBe('done');
    const listed = moved.filter((m) => sites.some((s) => s.includes(m.brand)));
    expect(stale.historyAdded).toBe(listed.length);
    expect(history.probe.rows.length - 1).toBe(brands.size + listed.length);
    for (const r of records(sheet)) {
      const i = Number(String(r.Notes).slice(1));
      expect(r.Company).toBe(`Co ${i}`);
      const m = moved.find((x) => String(r.Website).includes(x.brand));
      const before = indexed.find((b) => b.domain === m?.brand);
      if (m && before) {
        expect(r['Public score']).toBe(m.overallScore);
        expect(r.Change).toBe(m.overallScore - before.overallScore);
      } else if (typeof r['Public score'] === 'number') expect(r.Change).toBe(0);
    }
    // The selected row's site, read back from the history: before and after the move.
    const movedBrand = indexed.find((b) => b.domain === moved[0]!.brand)!;
    const rowOfMoved = records(sheet).findIndex((r) => r.Website === movedBrand.domain) + 2;
    sheet.setActiveSelection(`C${rowOfMoved}`);
    const siteHistory = sidebar(w.rt).getSiteHistory();
    expect(siteHistory.site).toBe(movedBrand.domain);
    expect(siteHistory.points.map((p) => p.score)).toEqual([
      movedBrand.overallScore,
      moved[0]!.overallScore,
    ]);

    // One line per brand that moved, largest move first.
    const changed = moved.filter(
      (m) => m.overallScore !== indexed.find((b) => b.domain === m.brand)!.overallScore,
    );
    expect(stale.movers.map((m) => m.brand).sort()).toEqual(
      changed.map((m) => indexed.find((b) => b.domain === m.brand)!.brandName).sort(),
    );
    expect(Math.abs(stale.movers[0]!.change)).toBeGreaterThanOrEqual(
      Math.abs(stale.movers.at(-1)!.change),
    );
  });

  it('finishes a list of repeated sites (10,000 rows of 8,000 at full size) over several executions, fetching every site once', async () => {
    // A slow service: each round trip takes two and a half minutes on the runtime's clock, so a
    // few round trips fill an execution.
    w = await startWorld({ fetchRoundTripMs: 150_000 });
    const sheet = w.rt.spreadsheet.activeSheet;
    const distinct = sized(2400, 8000);
    const distinctSites = Array.from({ length: distinct }, (_, i) =>
      i < indexed.length ? indexed[i]!.domain : `big-${i}.com`,
    );
    const sites = [...distinctSites, ...distinctSites.slice(0, distinct / 4)];
    load(sheet, sites);
    const reports = scoreAll(w.rt, { refresh: 'missing' });
    expect(reports.length).toBeGreaterThan(1);
    expect(failing(reports.slice(0, -1), (r) => r.state === 'partial')).toEqual([]);
    expect(reports.at(-1)!.state).toBe('done');
    expect(await gets()).toBe(distinct);
    expect(failing(records(sheet), (r) => r.Checked instanceof Date)).toEqual([]);
  });

  it('keeps the history within its cap, oldest rows first, and says so', async () => {
    w = await startWorld();
    const history = w.rt.spreadsheet.addSheet('Score history');
    const head = [
      'Checked',
      'Website',
      'Brand',
      'Slug',
      'Public score',
      'Public level',
      'ChatGPT',
      'Claude',
      'Gemini',
      'AI Overviews',
      'Last scanned',
      'Source',
      'Reference',
    ];
    history.probe.rows = [
      head,
      ...Array.from({ length: 49995 }, (_, i) =>
        head.map((h) => (h === 'Slug' ? `old-${i}` : h === 'Source' ? 'score' : '')),
      ),
    ].map((r) => r.map((value) => ({ value })));
    const sheet = w.rt.spreadsheet.activeSheet;
    load(
      sheet,
      indexed.slice(0, 10).map((b) => b.domain),
    );
    w.rt.spreadsheet.activeSheet = sheet;
    const r = score(w.rt, { refresh: 'all' });
    expect(r.historyAdded).toBe(10);
    expect(r.historyTrimmed).toBe(5);
    expect(r.message).toMatch(/oldest 5 history rows were removed/);
    expect(history.probe.rows.length - 1).toBe(50000);
    expect(history.probe.rows[1]![3]!.value).toBe('old-5');
  });

  it('a history whose oldest rows someone protected: the run says which protection keeps them, in words', async () => {
    w = await startWorld();
    const history = w.rt.spreadsheet.addSheet('Score history');
    const head = ['Checked', 'Website', 'Slug', 'Public score', 'Source'];
    history.probe.rows = [
      head,
      ...Array.from({ length: 49995 }, (_, i) => ['', '', `old-${i}`, 50, 'score']),
    ].map((r) => r.map((value) => ({ value })));
    w.rt.spreadsheet.owner = 'cam@agency.example';
    history.probe.protect('A2:E100', ['ben@agency.example'], 'Q1 readings: ask Ben');
    const sheet = w.rt.spreadsheet.activeSheet;
    load(
      sheet,
      indexed.slice(0, 10).map((b) => b.domain),
    );
    w.rt.spreadsheet.activeSheet = sheet;
    let message = '';
    try {
      score(w.rt, { refresh: 'all' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /^The oldest 5 rows of "Score history" could not be removed to make room for new readings: A2:E100 of "Score history" is protected \("Q1 readings: ask Ben"\)/,
    );
    expect(message).not.toMatch(/You are trying to edit a protected cell/);
    expect(history.probe.rows[1]![2]!.value).toBe('old-0');
  });

  describe('a full history a person sorted: the oldest readings go, by their time', () => {
    const DATA_ROWS = 49_995;
    const when = (i: number) => new Date(Date.UTC(2025, 10, 1) + i * 600_000);
    /** A full history of readings `old-0` (oldest) to `old-49994`, in the order `order` gives. */
    function fullHistory(order: (i: number) => number) {
      const history = w.rt.spreadsheet.addSheet('Score history');
      history.setFrozenRows(1);
      const head = ['Checked', 'Website', 'Slug', 'Public score', 'Source'];
      const rows = Array.from({ length: DATA_ROWS }, (_, k) => {
        const i = order(k);
        return [when(i), `site-${i % 97}.com`, `old-${i}`, 50, 'score'];
      });
      history.probe.rows = [head, ...rows].map((r) => r.map((value) => ({ value })));
      return history;
    }
    async function scoreSites(history: Sheet, count: number) {
      const sheet = w.rt.spreadsheet.activeSheet;
      load(
        sheet,
        indexed.slice(0, count).map((b) => b.domain),
      );
      w.rt.spreadsheet.activeSheet = sheet;
      const r = score(w.rt, { refresh: 'all' });
      expect([r.historyAdded, r.historyTrimmed]).toEqual([count, count - 5]);
      const slugs = history.probe.rows.slice(1).map((row) => String(row[2]!.value));
      expect(slugs).toHaveLength(50_000);
      return slugs;
    }

    it('newest first: the bottom rows go, the newest readings stay on top', async () => {
      w = await startWorld();
      const history = fullHistory((k) => DATA_ROWS - 1 - k);
      const slugs = await scoreSites(history, 10);
      expect(slugs[0]).toBe(`old-${DATA_ROWS - 1}`);
      for (const gone of ['old-0', 'old-4']) expect(slugs).not.toContain(gone);
      expect(slugs).toContain('old-5');
      expect(slugs[DATA_ROWS - 5 - 1]).toBe('old-5');
    });

    /**
     * Sorted newest first, then by site (a sort keeps the order it finds within a site): the
     * oldest readings sit one per site, at the foot of each site's rows, far apart.
     */
    const bySite = () =>
      Array.from({ length: DATA_ROWS }, (_, i) => i).sort((a, b) => (a % 97) - (b % 97) || b - a);

    it.each([
      ['five runs, deleted one by one', 10, 5],
      ['25 runs, put back in time order first', 30, 25],
    ])('newest first, then by website: %s', async (_, count, trimmed) => {
      w = await startWorld();
      const order = bySite();
      const history = fullHistory((k) => order[k]!);
      const calls = w.rt.counts;
      const sortsBefore = calls['Range.sort'] ?? 0;
      const slugs = await scoreSites(history, count);
      const gone = Array.from({ length: trimmed }, (_, i) => `old-${i}`);
      expect(slugs.filter((s) => gone.includes(s))).toEqual([]);
      // Every other reading kept, once.
      expect(new Set(slugs.slice(0, DATA_ROWS - trimmed)).size).toBe(DATA_ROWS - trimmed);
      expect(slugs).toContain(`old-${trimmed}`);
      expect((calls['Range.sort'] ?? 0) - sortsBefore).toBe(trimmed > 20 ? 1 : 0);
    });
  });
});

describe('every row accounted for', () => {
  it('reports by outcome, and hands the rows the index lacks to previews', async () => {
    w = await startWorld();
    const sites = [
      ...indexed.slice(0, 5).map((b) => b.domain),
      'small-bakery-1.com',
      'small-bakery-2.com',
      'small-bakery-3.com',
      'not a website',
    ];
    load(w.rt.spreadsheet.activeSheet, sites);
    const r = score(w.rt, { refresh: 'all' });
    expect(r.state).toBe('done');
    expect(r.message).toMatch(
      /^9 rows: 5 scored, 3 not in the public index, 1 not a website address\. The public index holds well-known brands: a preview scores any website \(a Starter or Pro plan\): press "Generate previews for these 3 rows"\./,
    );
    expect(r.notInIndex).toBe(3);
    const g = sidebar(w.rt).startPreviewsForSelection({
      sheetName: 'Prospects',
      a1: '',
      only: 'notInIndex',
    });
    expect(g).toMatchObject({ state: 'done', created: 3 });
    const posted = w.rt.fetchStats.log.filter((l) => l.method === 'post').map((l) => l.url);
    expect(posted).toHaveLength(3);
    const withPreview = records(w.rt.spreadsheet.activeSheet)
      .filter((row) => row['Preview UUID'])
      .map((row) => row['Website']);
    expect(withPreview).toEqual(['small-bakery-1.com', 'small-bakery-2.com', 'small-bakery-3.com']);

    // Scored again: the rows the index lacks all have previews, so nothing is offered.
    w.rt.spreadsheet.activeSheet.setActiveSelection('B2:B10');
    const again = score(w.rt, { refresh: 'all' });
    expect(again.notInIndex).toBe(0);
    expect(again.message).toContain(
      '3 not in the public index, 1 not a website address. Their previews are in the list (Preview columns).',
    );
    expect(again.message).not.toMatch(/Generate previews for/);
  });

  it('a list the index does not hold at all says so, not "scored"', async () => {
    w = await startWorld();
    load(
      w.rt.spreadsheet.activeSheet,
      Array.from({ length: 40 }, (_, i) => `corner-shop-${i}.com`),
    );
    const r = score(w.rt, { refresh: 'all' });
    expect(r.message).toMatch(/^40 rows: 40 not in the public index\./);
    expect(r.message).not.toMatch(/scored/);
  });

  it('a service that cannot be reached is not a run that is done', async () => {
    w = await startWorld();
    sidebar(w.rt).saveSettings({ baseUrl: 'http://127.0.0.1:1' });
    load(w.rt.spreadsheet.activeSheet, ['nike.com', 'patagonia.com']);
    const r = score(w.rt, { refresh: 'all' });
    expect(r.state).toBe('refused');
    expect(r.message).toMatch(
      /^Nothing was scored: 2 rows: 2 not scored \(could not reach the service\)/,
    );
  });
});

describe('a Brand dropdown someone set to reject other input', () => {
  it('every other column of every row is written; the brands the dropdown lacks are named, not Google’s words', async () => {
    w = await startWorld();
    const sheet = w.rt.spreadsheet.activeSheet;
    const brands = indexed.slice(0, 4);
    sheet.setName('Prospects');
    sheet.probe.rows = [['Website', 'Brand'], ...brands.map((b) => [b.domain, ''])].map((r) =>
      r.map((value) => ({ value })),
    );
    // The team's dropdown knows two of the four brands.
    const known = [brands[0]!.brandName, brands[2]!.brandName];
    sheet
      .getRange('B2:B5')
      .setDataValidation(
        new DataValidationBuilder().requireValueInList(known).setAllowInvalid(false).build(),
      );
    sheet.setActiveSelection('A2:A5');
    const report = score(w.rt, { refresh: 'all' });
    expect(report.state).toBe('done');
    expect(report.message).toContain(
      `Some cells were not written: the \`Brand\` column only accepts one of: ${known.join(', ')}: rows 3, 5 kept what they had. Everything else was written. To let the add-on fill them, set those columns' data validation to "Show a warning" (Data > Data validation) or remove it.`,
    );
    const rows = records(sheet);
    expect(rows.map((r) => r.Brand)).toEqual([known[0], '', known[1], '']);
    expect(rows.map((r) => r['Public score'])).toEqual(brands.map((b) => b.overallScore));
    // The run finished: its readings are in the history.
    expect(report.historyAdded).toBe(4);
  });
});

describe('the Method of each reading', () => {
  it('stamps every new Score history row with the rules its figures were computed with', async () => {
    w = await startWorld();
    const sheet = w.rt.spreadsheet.activeSheet;
    load(
      sheet,
      indexed.slice(0, 3).map((b) => b.domain),
    );
    score(w.rt, { refresh: 'all' });
    const history = records(
      w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!,
    );
    expect(history.map((r) => r.Method)).toEqual([METHOD, METHOD, METHOD]);
  });
});
