import { sized } from '../size';
import { fnv1a } from '../../src/domain/hash';
import { findByDomain, previewScores } from '../../dev/emulator/brandIndex';
import { parseWebsite } from '../../src/domain/website';
import { KEYS, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import type { GenerateRequest } from '../../src/contract/previews';
import { POST_BATCHING } from '../../src/domain/generationRun';
import { failing } from '../failing';

let w: World;
afterEach(() => w?.close());

const HEAD = ['Company', 'Website', 'Owner', 'Preview UUID', 'Preview status'];
const EXISTING_UUID = '11111111-2222-4333-8444-555555555555';

/** 300 rows: blanks, duplicates, bad URLs and two rows that already hold a preview. */
function sheetRows(): unknown[][] {
  const rows: unknown[][] = [];
  for (let i = 0; i < 300; i++) {
    let site: string;
    if (i % 25 === 3) site = '';
    else if (i % 40 === 7) site = 'not a website';
    else if (i % 10 === 9)
      site = `https://www.company-${i - 9}.com/about`; // duplicate of row i-9
    else site = `company-${i}.com`;
    rows.push([
      `Company ${i}`,
      site,
      `owner${i % 7}@example.com`,
      i === 11 || i === 12 ? EXISTING_UUID : '',
      i === 11 || i === 12 ? 'pending' : '',
    ]);
  }
  return rows;
}

function load(rt: World['rt'], rows: unknown[][]): void {
  const sheet = rt.spreadsheet.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [HEAD, ...rows].map((r) => r.map((v) => ({ value: v as string })));
  sheet.setActiveSelection(`B1:B${rows.length + 1}`);
}

function table(rt: World['rt']): { head: string[]; rows: Record<string, unknown>[] } {
  const sheet = rt.spreadsheet.activeSheet;
  const all = sheet.probe.rows.map((r) => r.map((c) => c.formula ?? c.value));
  const head = (all[0] ?? []).map(String);
  return {
    head,
    rows: all.slice(1).map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? '']))),
  };
}

function eligibleDomains(rows: unknown[][]): Set<string> {
  const out = new Set<string>();
  for (const r of rows) {
    const site = parseWebsite(r[1]);
    if (site.ok && !r[3]) out.add(site.domain);
  }
  return out;
}

const generate = (rt: World['rt'], request?: GenerateRequest | null) =>
  sidebar(rt).startPreviewsForSelection(request ?? undefined);
const poll = (rt: World['rt']) => sidebar(rt).pollPendingPreviews();

describe('bulk preview generation', () => {
  it('sends exactly one POST per eligible site, writes every row, touches nothing else, and never sends twice', async () => {
    w = await startWorld();
    const rows = sheetRows();
    load(w.rt, rows);
    const r = generate(w.rt);
    expect(r.state).toBe('done');
    const expected = eligibleDomains(rows).size;
    expect((await w.emu.stats()).requests['POST /api/visibility/scan-preview']).toBe(expected);
    expect((await w.emu.stats()).duplicatePreviews).toBe(0);
    // The run log counts the POSTs sent: a bad URL's row is no request.
    const log = w.rt.spreadsheet.getSheetByName('Visibility log')!.probe.rows;
    const head = log[0]!.map((c) => String(c.value));
    const line = log.find((l) => String(l[head.indexOf('Action')]?.value) === 'generate previews')!;
    expect(line[head.indexOf('Requests')]?.value).toBe(expected);

    const t = table(w.rt);
    expect(t.head).toEqual([
      ...HEAD,
      'Report URL',
      'Preview scan score',
      'Knowledge score',
      'Sentiment score',
      'Agent site URL',
      'Preview message',
      'Requested',
      'Requested by',
    ]);
    t.rows.forEach((row, i) => {
      const original = rows[i]!;
      expect([row.Company, row.Website, row.Owner]).toEqual(original.slice(0, 3));
      const site = parseWebsite(original[1]);
      if (original[3]) expect(row['Preview UUID']).toBe(EXISTING_UUID);
      else if (original[1] === '') expect(row['Preview status']).toBe('');
      else if (!site.ok)
        expect([row['Preview status'], row['Preview message']]).toEqual([
          'error: bad URL',
          expect.stringMatching(/^not a website/),
        ]);
      else {
        expect(row['Preview status']).toBe('pending');
        expect(row['Preview UUID']).toMatch(/^[0-9a-f-]{36}$/);
        expect(row['Requested by']).toBe(w.rt.owner);
        expect(row['Report URL']).toMatch(
          /^https:\/\/reports\.northwind-agency\.example\/visibility-scan-preview\//,
        );
      }
    });
    // A duplicate site shares the first row's preview.
    expect(t.rows[19]!['Preview UUID']).toBe(t.rows[10]!['Preview UUID']);

    const second = generate(w.rt);
    expect(second.state).toBe('nothing');
    expect((await w.emu.stats()).requests['POST /api/visibility/scan-preview']).toBe(expected);
    // One red-to-green rule over the three score columns, added once.
    const rules = w.rt.spreadsheet.activeSheet.conditionalRules;
    expect(rules).toHaveLength(1);
    expect(rules[0]!.ranges).toEqual(['Prospects!G2:I1000']);
    expect(rules[0]!.gradient!.min![0]).toBe('#e67c73');
  });

  it('a second press while a run holds the lock reports it and sends nothing', async () => {
    w = await startWorld();
    load(w.rt, sheetRows());
    w.rt.holdLock('document', true);
    const r = generate(w.rt);
    expect(r.state).toBe('busy');
    expect((await w.emu.stats()).requests['POST /api/visibility/scan-preview']).toBeUndefined();
  });

  it.each([
    [KEYS.free, /Starter or Pro plan.*current plan: free/],
    [KEYS.readOnly, /read-only/],
    [KEYS.noPartner, /partner team/],
    [
      'not-a-key',
      /the service refused the API key: check it in Extensions > Visibility for Sheets > Settings/,
    ],
  ])('a refusal (%s) stops the run before any row is touched', async (key, message) => {
    w = await startWorld({ apiKey: key });
    load(w.rt, sheetRows());
    const before = JSON.stringify(w.rt.spreadsheet.activeSheet.probe.rows);
    const r = generate(w.rt);
    expect(r.state).toBe('refused');
    expect(r.message).toMatch(message);
    expect(JSON.stringify(w.rt.spreadsheet.activeSheet.probe.rows)).toBe(before);
    expect((await w.emu.stats()).previewsCreated).toBe(0);
    expect(sidebar(w.rt).getSettings().accountNotice).toMatch(message);
    expect(sidebar(w.rt).getSettings().plan).toBe(
      key === KEYS.free ? 'Free plan: previews need Starter or Pro' : null,
    );
  });

  it('a preview made shows the key is on a paid plan, until the key changes', async () => {
    w = await startWorld();
    load(w.rt, sheetRows());
    expect(sidebar(w.rt).getSettings().plan).toBeNull();
    expect(generate(w.rt).created).toBeGreaterThan(0);
    expect(sidebar(w.rt).getSettings().plan).toBe('Starter or Pro plan');
    expect(sidebar(w.rt).saveSettings({ apiKey: KEYS.free }).plan).toBeNull();
  });

  it('an account turning read-only after 30 of 50 previews: the 30 are written, the 20 stay unsent and are the only ones sent once it is fixed', async () => {
    w = await startWorld();
    const rows = Array.from({ length: 50 }, (_, i) => [`Co ${i}`, `lapse-${i}.com`, '', '', '']);
    load(w.rt, rows);
    await w.emu.faults({ readOnlyAfterPreviews: 30 });
    const r = generate(w.rt);
    expect(r).toMatchObject({ state: 'refused', created: 30, remaining: 0 });
    expect(r.message).toMatch(/read-only/);
    expect(r.message).toMatch(/30 previews started.*20 sites were not sent/);
    const after = table(w.rt).rows;
    const made = after.filter((x) => x['Preview UUID']);
    expect(made).toHaveLength(30);
    expect(failing(made, (x) => x['Preview status'] === 'pending')).toEqual([]);
    const unsent = after.filter((x) => !x['Preview UUID']);
    expect(
      failing(unsent, (x) => x['Preview status'] === '' && x['Preview message'] === ''),
    ).toEqual([]);
    expect(sidebar(w.rt).getSettings().accountNotice).toMatch(/read-only/);

    await w.emu.faults({});
    const again = generate(w.rt);
    expect(again).toMatchObject({ state: 'done', created: 20 });
    const stats = await w.emu.stats();
    expect([stats.previewsCreated, stats.duplicatePreviews]).toEqual([50, 0]);
    expect(table(w.rt).rows.filter((x) => x['Preview UUID'])).toHaveLength(50);
  });

  it('accounts for every row: 40 websites with 3 repeats are 37 previews and 3 shared', async () => {
    w = await startWorld();
    const sites = Array.from({ length: 37 }, (_, i) => `agency-site-${i}.com`);
    const rows = [...sites, sites[0]!, `https://www.${sites[5]!}/`, sites[9]!.toUpperCase()];
    load(
      w.rt,
      rows.map((site, i) => [`Co ${i}`, site, '', '', '']),
    );
    const r = generate(w.rt);
    expect(r.message).toBe(
      '40 rows: 37 previews started, 3 share the preview of the same site in another row.',
    );
    expect(table(w.rt).rows.filter((x) => x['Preview UUID'])).toHaveLength(40);
  });

  it('a run cut off between the service’s answers and their rows: the next press writes them, none made twice', async () => {
    w = await startWorld();
    const rows = Array.from({ length: 20 }, (_, i) => [`Co ${i}`, `cut-${i}.com`, '', '', '']);
    load(w.rt, rows);
    expect(() =>
      w.rt.run('startPreviewsForSelection', [], {
        cutOffAt: { call: 'Range.setValues', nth: 1 },
      }),
    ).toThrow(/Exceeded maximum execution time/);
    expect(table(w.rt).rows.filter((r) => r['Preview UUID'])).toHaveLength(0);
    const made = (await w.emu.stats()).previewsCreated;
    expect(made).toBe(POST_BATCHING.firstBatch);
    expect(generate(w.rt).state).toBe('done');
    const stats = await w.emu.stats();
    expect([stats.previewsCreated, stats.duplicatePreviews]).toEqual([20, 0]);
    expect(table(w.rt).rows.filter((r) => r['Preview UUID'])).toHaveLength(20);
  });

  it('a run cut off midway resumes with no duplicate and no lost row', async () => {
    w = await startWorld();
    const rows = Array.from({ length: 1500 }, (_, i) => [`Co ${i}`, `site-${i}.com`, '', '', '']);
    load(w.rt, rows);
    expect(() =>
      w.rt.run('startPreviewsForSelection', [], {
        cutOffAt: { call: 'UrlFetchApp.fetchAll', nth: 3 },
      }),
    ).toThrow(/Exceeded maximum execution time/);
    const half = table(w.rt).rows.filter((r) => r['Preview UUID']).length;
    // The first two batches (8, then 16) were written before the platform stopped the third.
    expect(half).toBe(POST_BATCHING.firstBatch * (1 + POST_BATCHING.growth));
    expect(generate(w.rt).state).toBe('done');
    const stats = await w.emu.stats();
    expect(stats.requests['POST /api/visibility/scan-preview']).toBe(1500);
    expect(stats.duplicatePreviews).toBe(0);
    expect(failing(table(w.rt).rows, (r) => r['Preview status'] === 'pending')).toEqual([]);
  });
});

describe('polling', () => {
  it('lands every result in the row of its uuid after the sheet is sorted, and the trigger removes itself when done', async () => {
    w = await startWorld();
    const rows = sheetRows().filter((r) => !r[3]);
    load(w.rt, rows);
    generate(w.rt);
    expect(w.rt.triggers.list.map((t) => t.handler)).toEqual(['pollInBackground']);
    generate(w.rt);
    expect(w.rt.triggers.list).toHaveLength(1);

    const early = poll(w.rt);
    expect(early.pending).toBeGreaterThan(0);
    expect(early.complete).toBe(0);

    w.rt.spreadsheet.activeSheet.sort(1, false);
    w.rt.spreadsheet.activeSheet.insertRowsBefore(5, 2);
    // The previews finish; the clocks move without the trigger's firing (it may come any minute
    // of its first hour, A6): this poll is the sidebar's.
    await w.emu.advance(91000);
    w.rt.clock.advance(91000);
    w.rt.resetCounts();
    const done = poll(w.rt);
    expect(done.pending).toBe(0);
    expect(done.complete).toBe(rows.filter((r) => parseWebsite(r[1]).ok).length);
    // One write for the list, and the new readings in the history: its headers, then its rows.
    expect(w.rt.sheetCalls().writes).toBe(3);
    const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
    const uuids = new Set(
      table(w.rt)
        .rows.map((r) => r['Preview UUID'])
        .filter(Boolean),
    );
    // One reading per preview, however many rows share it.
    expect(history.probe.rows.length - 1).toBe(uuids.size);
    expect(failing(history.probe.rows.slice(1), (r) => r[11]?.value === 'preview')).toEqual([]);
    expect(w.rt.fetchStats.fetchAllCalls).toBe(1);

    for (const row of table(w.rt).rows) {
      if (row['Preview status'] !== 'complete') continue;
      const site = parseWebsite(row.Website);
      expect(site.ok).toBe(true);
      const domain = site.ok ? site.domain : '';
      const scores = previewScores(domain, findByDomain(domain));
      expect(row['Preview scan score']).toBe(scores.overall);
      expect(row['Knowledge score']).toBe(scores.knowledge);
    }
    // The sidebar's poll leaves taking the document off the list to the trigger's next firing
    // (a poll spends at most two property calls), which finds nothing left and removes itself.
    expect(w.rt.triggers.list).toHaveLength(1);
    await w.elapse(3600 * 1000);
    expect(w.rt.triggers.list).toHaveLength(0);
  });

  it('the hourly safety-net trigger polls when the sidebar is closed', async () => {
    w = await startWorld();
    load(w.rt, [['Rosie', 'rosies-bakery.com', '', '', '']]);
    generate(w.rt);
    await w.elapse(120000);
    w.rt.advance(60 * 60 * 1000);
    const row = table(w.rt).rows[0]!;
    expect(row['Preview status']).toBe('complete');
    expect(row['Agent site URL']).toMatch(/^https:\/\//);
    expect(w.rt.triggers.list).toHaveLength(0);
  });

  it('a deleted row is dropped quietly', async () => {
    w = await startWorld();
    load(w.rt, [
      ['A', 'alpha-co.com', '', '', ''],
      ['B', 'beta-co.com', '', '', ''],
    ]);
    generate(w.rt);
    w.rt.spreadsheet.activeSheet.deleteRow(2);
    await w.elapse(120000);
    const r = poll(w.rt);
    expect([r.triggered, r.complete, r.pending]).toEqual([1, 1, 0]);
    expect(table(w.rt).rows[0]!.Company).toBe('B');
    expect(table(w.rt).rows[0]!['Preview status']).toBe('complete');
  });
});

describe('polls that spend no request in vain', () => {
  it('asks about 500 previews at most 3 times each on average, and writes each result within 20 s of completing', async () => {
    // The service's clock moves only when the test says (time scale 0): on a slow machine real
    // seconds spent polling would otherwise finish previews early and blur the lateness measured.
    w = await startWorld({ emulatorArgs: ['--time-scale', '0'] });
    const sites = Array.from({ length: 500 }, (_, i) => `poll-${i}.com`);
    load(
      w.rt,
      sites.map((s, i) => [`Company ${i}`, s, '', '', '']),
    );
    expect(generate(w.rt).state).toBe('done');
    const doneAt = new Map<string, number>();
    // The sidebar polls every 10 s of emulated time.
    for (let elapsed = 10000; elapsed <= 150000 && doneAt.size < 500; elapsed += 10000) {
      await w.elapse(10000);
      const report = poll(w.rt);
      // Nothing can be done before 30 s: the first polls ask about nothing.
      if (elapsed < 40000) expect(report.asked).toBe(0);
      for (const row of table(w.rt).rows)
        if (row['Preview status'] === 'complete' && !doneAt.has(String(row.Website)))
          doneAt.set(String(row.Website), elapsed);
    }
    expect(doneAt.size).toBe(500);
    const gets = (await w.emu.stats()).requests['GET /api/visibility/scan-preview'] ?? 0;
    expect(gets / 500).toBeLessThanOrEqual(3);
    // The emulator finishes a site's preview 30 to 90 s after it was requested, by its domain.
    const lateness = sites.map((s) => doneAt.get(s)! - (30 + (parseInt(fnv1a(s), 16) % 61)) * 1000);
    expect(Math.max(...lateness)).toBeLessThanOrEqual(20000);
    expect(Math.min(...lateness)).toBeGreaterThanOrEqual(0);
  });
});

describe('10,000-row lists', () => {
  it('generates over several executions with exactly one POST per row, then polls them all to completion', async () => {
    // A Workspace account (100,000 fetches a day), and a slow service: a minute per round trip.
    w = await startWorld({
      owner: 'owner@company.example',
      workspaceAccounts: ['owner@company.example'],
      fetchRoundTripMs: 60000,
    });
    // The add-on assumes the consumer quota until the person says the account is Workspace.
    sidebar(w.rt).saveSettings({ workspaceAccount: true });
    const rows = sized(3000, 10000);
    const sites = Array.from({ length: rows }, (_, i) => `big-list-${i}.com`);
    load(
      w.rt,
      sites.map((s, i) => [`Company ${i}`, s, '', '', '']),
    );
    const states: string[] = [];
    let request: GenerateRequest | null = null;
    for (let i = 0; i < 20; i++) {
      const r = generate(w.rt, request);
      states.push(r.state);
      if (r.state !== 'partial') break;
      request = r.request;
    }
    expect(states.length).toBeGreaterThan(1);
    expect(states.at(-1)).toBe('done');
    const stats = await w.emu.stats();
    expect(stats.requests['POST /api/visibility/scan-preview']).toBe(rows);
    expect(stats.duplicatePreviews).toBe(0);
    expect(failing(table(w.rt).rows, (r) => r['Preview status'] === 'pending')).toEqual([]);

    w.rt.resetCounts();
    let polls = 0;
    for (let pending = Infinity; pending > 0 && polls < 30; polls++) {
      await w.elapse(30000);
      pending = poll(w.rt).pending;
    }
    expect(failing(table(w.rt).rows, (r) => r['Preview status'] === 'complete')).toEqual([]);
    const gets = (await w.emu.stats()).requests['GET /api/visibility/scan-preview'] ?? 0;
    expect(gets / rows).toBeLessThanOrEqual(3);
    // One read of the sheet and one write of the list per poll, whatever the size.
    expect(w.rt.counts['Range.setValues'] ?? 0).toBeLessThanOrEqual(polls * 3);
    // Every completed preview is a history reading, times over a new sheet's 1,000 rows: the sheet
    // grew once per write, never a row at a time.
    const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
    expect(history.probe.filledRows() - 1).toBe(rows);
    expect(w.rt.counts['Sheet.insertRowsAfter'] ?? 0).toBeGreaterThan(0);
    expect(w.rt.counts['Sheet.insertRowsAfter'] ?? 0).toBeLessThanOrEqual(polls);
  }, 120000);
});

describe('rows that need attention', () => {
  it('selects a listed row, and Retry sends the failed rows again but not a bad URL', async () => {
    w = await startWorld();
    load(w.rt, [
      ['A', 'retry-1.com', '', '', ''],
      ['B', 'not a site', '', '', ''],
      ['C', 'retry-2.com', '', '', ''],
    ]);
    await w.emu.faults({ rate5xx: 1, seed: 1 });
    const first = generate(w.rt);
    expect(table(w.rt).rows.map((r) => r['Preview status'])).toEqual([
      'error: service error',
      'error: bad URL',
      'error: service error',
    ]);
    await w.emu.faults({});
    const again = sidebar(w.rt).retryPreviews(first.request!);
    expect(again).toMatchObject({ state: 'done', created: 2 });
    expect(table(w.rt).rows.map((r) => r['Preview status'])).toEqual([
      'pending',
      'error: bad URL',
      'pending',
    ]);
    expect(sidebar(w.rt).selectRow('Prospects', 3)).toBe(true);
    expect(w.rt.spreadsheet.getActiveRange()!.getA1Notation()).toMatch(/^A3:/);
  });
});

// Replays kept from the season simulation: Retry once wiped failed rows it did not send again,
// and threw once the list had shrunk below the range the sidebar remembered.
describe('Retry, found by status', () => {
  it('sends again every failed row of the sheet, wherever it is, and wipes none', async () => {
    w = await startWorld();
    load(w.rt, [
      ['A', 'wipe-1.com', '', '', ''],
      ['B', 'wipe-2.com', '', '', ''],
      ['C', 'wipe-3.com', '', '', ''],
      ['D', 'wipe-4.com', '', '', ''],
      ['E', 'wipe-5.com', '', '', ''],
      ['F', 'wipe-6.com', '', '', ''],
    ]);
    await w.emu.faults({ rate5xx: 1, seed: 1 });
    w.rt.spreadsheet.activeSheet.setActiveSelection('B2:B4');
    generate(w.rt);
    await w.emu.faults({});
    w.rt.spreadsheet.activeSheet.setActiveSelection('B5:B7');
    const second = generate(w.rt);
    expect(table(w.rt).rows.map((r) => r['Preview status'])).toEqual([
      'error: service error',
      'error: service error',
      'error: service error',
      'pending',
      'pending',
      'pending',
    ]);
    // Retry with the last run's request (B5:B7): the failed rows 2-4 are outside it.
    const again = sidebar(w.rt).retryPreviews(second.request!);
    expect(again).toMatchObject({ state: 'done', created: 3 });
    expect(table(w.rt).rows.every((r) => r['Preview status'] === 'pending')).toBe(true);
    expect(new Set(table(w.rt).rows.map((r) => r['Preview UUID'])).size).toBe(6);
  });

  it('after rows are deleted, Retry and a continued run act on what is left, never past the grid', async () => {
    w = await startWorld();
    load(
      w.rt,
      Array.from({ length: 40 }, (_, i) => [`R${i}`, `shrink-${i}.com`, '', '', '']),
    );
    await w.emu.faults({ rate5xx: 1, seed: 1 });
    w.rt.spreadsheet.activeSheet.setActiveSelection('B1:B41');
    const first = generate(w.rt);
    await w.emu.faults({});
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.deleteRows(12, sheet.getMaxRows() - 12);
    expect(() => sidebar(w.rt).retryPreviews(first.request!)).not.toThrow();
    expect(table(w.rt).rows.every((r) => r['Preview status'] === 'pending')).toBe(true);
    // A run continued from its remembered range, now past the grid's end.
    const continued = sidebar(w.rt).startPreviewsForSelection(first.request!);
    expect(continued.state).not.toBe('busy');
    expect(continued.message).not.toMatch(/coordinates/);
  });
});

describe('nothing slow under the lock: Generate', () => {
  it('while its previews are being sent, Score is not told the document is busy, and a second Generate is refused', async () => {
    w = await startWorld();
    load(
      w.rt,
      Array.from({ length: 30 }, (_, i) => [`Co ${i}`, `claim-${i}.com`, '', '', '']),
    );
    const other = w.rt.spreadsheet.insertSheet('Scores');
    other.probe.rows = [['Website'], ['nike.com']].map((r) => r.map((value) => ({ value })));
    const prospects = w.rt.spreadsheet.sheets.find((s) => s.getName() === 'Prospects')!;
    prospects.setActiveSelection('B1:B31');
    const presses: Array<{ state: string; message: string }> = [];
    w.rt.run('startPreviewsForSelection', [], {
      mode: 'sidebar',
      interleave: {
        at: { call: 'UrlFetchApp.fetchAll', nth: 1 },
        run: () => {
          other.setActiveSelection('A1:A2');
          presses.push(sidebar(w.rt).scoreSelection({ refresh: 'all' }));
          prospects.setActiveSelection('B1:B31');
          presses.push(generate(w.rt));
        },
      },
    });
    expect(presses.map((p) => p.state)).toEqual(['done', 'busy']);
    expect(presses[1]!.message).toMatch(/already being generated/);
    const stats = await w.emu.stats();
    expect(stats.requests['POST /api/visibility/scan-preview']).toBe(30);
    expect(stats.duplicatePreviews).toBe(0);
    expect(table(w.rt).rows.every((r) => r['Preview status'] === 'pending')).toBe(true);
  });
});

describe('a list made before Preview scan score had its name', () => {
  it('keeps its Visibility score column: the score goes there, no second column is added, and a saved pitch quoting it still reads', async () => {
    w = await startWorld();
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.setName('Prospects');
    const site = 'rosies-bakery.com';
    sheet.probe.rows = [
      ['Company', 'Website', 'Visibility score'],
      ['Rosie', site, ''],
    ].map((r) => r.map((value) => ({ value })));
    sheet.setActiveSelection('B2');
    sidebar(w.rt).startPreviewsForSelection();
    await w.elapse(10 * 60_000);
    poll(w.rt);
    const { head, rows } = table(w.rt);
    expect(head.filter((h) => /score/i.test(h))).toEqual([
      'Visibility score',
      'Knowledge score',
      'Sentiment score',
    ]);
    expect(typeof rows[0]!['Visibility score']).toBe('number');
    sheet.setActiveSelection('B2');
    const pitched = sidebar(w.rt).writePitches({
      template: 'Score {Preview scan score} for {Website}',
    });
    expect(pitched.state).toBe('done');
    expect(table(w.rt).rows[0]!.Pitch).toBe(`Score ${rows[0]!['Visibility score']} for ${site}`);
  });
});
