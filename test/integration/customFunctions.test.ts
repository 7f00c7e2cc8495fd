import { INDEX } from '../../dev/emulator/brandIndex';
import { visibilityLevel } from '../../src/domain/levels';
import { column, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { failing } from '../failing';
import { fromMenu } from '../menuApi';

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(() => w.close());

const indexed = INDEX.filter((b) => !b.domain.endsWith('.example'));

/** 1,000 rows over 600 distinct domains: 240 in the index, 360 not, written in varied forms. */
function prospects(): string[] {
  const distinct = [
    ...indexed.map((b) => b.domain),
    ...Array.from({ length: 600 - indexed.length }, (_, i) => `prospect-${i}.com`),
  ];
  const forms = [
    (d: string) => d,
    (d: string) => `https://www.${d}/pricing?x=1`,
    (d: string) => `http://${d.toUpperCase()}/`,
  ];
  return Array.from({ length: 1000 }, (_, i) =>
    (forms[i % 3] as (d: string) => string)(distinct[i % 600] as string),
  );
}

describe('VIS_SCORE over a column', () => {
  it('makes one request per distinct brand, then none when recalculated', async () => {
    const rows = prospects();
    const first = w.rt.customFunction('VIS_SCORE', column(rows)) as unknown[][];
    expect(first).toHaveLength(1000);
    expect(w.rt.fetchStats.requests).toBe(600);
    expect(w.rt.fetchStats.fetchAllCalls).toBeLessThanOrEqual(3);
    const acme = indexed[0]!;
    expect(first[0]).toEqual([acme.overallScore]);
    expect(first[600]).toEqual([acme.overallScore]);
    expect(first[indexed.length]).toEqual(['not in index']);
    expect((await w.emu.stats()).requests['GET /api/visibility/score']).toBe(600);

    w.rt.resetCounts();
    const again = w.rt.customFunction('VIS_SCORE', column(rows));
    expect(again).toEqual(first);
    expect(w.rt.fetchStats.requests).toBe(0);
    expect((await w.emu.stats()).requests['GET /api/visibility/score']).toBe(600);
  });

  // Whichever items Google's cache lets go past its cap (K2 as documented, K3 as measured).
  it.each(['created', 'expiry'] as const)(
    '2,000 sites recalculated ten minutes later, with other users filling the shared cache, ask again for almost none (eviction by %s)',
    async (cacheEviction) => {
      w.close();
      w = await startWorld({ cacheEviction });
      const sites = Array.from({ length: 2000 }, (_, i) => `cap-${i}.com`);
      const finished = (out: unknown[][]) => out.every((r) => r[0] === 'not in index');
      let out = w.rt.customFunction('VIS_SCORE', column(sites)) as unknown[][];
      for (let i = 0; i < 5 && !finished(out); i++)
        out = w.rt.customFunction('VIS_SCORE', column(sites)) as unknown[][];
      expect(failing(out, (r) => r[0] === 'not in index')).toEqual([]);
      expect(w.rt.fetchStats.requests).toBe(2000);
      // The script cache is every user's: theirs, written later, outlive ours (K2).
      w.rt.advance(10 * 60_000);
      w.rt.scriptCache.fillAsOthers(1000, 21600);
      w.rt.resetCounts();
      const again = w.rt.customFunction('VIS_SCORE', column(sites)) as unknown[][];
      expect(again).toEqual(out);
      expect(w.rt.fetchStats.requests).toBeLessThanOrEqual(100);
    },
  );

  it('gives the right row for blanks, bad URLs, unknown brands and unqueried platforms', () => {
    const gemini = INDEX.find(
      (b) => b.platformScores.gemini === null && !b.domain.endsWith('.example'),
    )!;
    const input = column([
      '',
      gemini.domain,
      'javascript:alert(1)',
      42,
      'nobody-knows-this.com',
      '   ',
      null,
    ]);
    const overall = w.rt.customFunction('VIS_SCORE', input) as unknown[][];
    expect(overall.map((r) => r[0])).toEqual([
      '',
      gemini.overallScore,
      'error: not a website: javascript: addresses are not supported; use a web address like example.com',
      'error: not a website: the cell holds a number, date or true/false; type the address, like example.com',
      'not in index',
      '',
      '',
    ]);
    const geminiOnly = w.rt.customFunction('VIS_SCORE', input, 'gemini') as unknown[][];
    expect(geminiOnly[1]).toEqual(['']);
    const chatgpt = w.rt.customFunction('VIS_SCORE', gemini.domain, 'ChatGPT');
    expect(chatgpt).toBe(gemini.platformScores.chatgpt);
  });

  it('fails the whole formula for an unknown platform', () => {
    expect(() => w.rt.customFunction('VIS_SCORE', column(['acme.com']), 'bing')).toThrow(
      /Unknown platform "bing"/,
    );
  });

  it('a single cell gives a single value', () => {
    expect(w.rt.customFunction('VIS_LEVEL', indexed[2]!.domain)).toBe(
      ['invisible', 'low', 'moderate', 'strong', 'dominant'][
        Math.min(4, Math.floor(Math.max(0, indexed[2]!.overallScore - 1) / 20))
      ],
    );
    expect(w.rt.customFunction('VIS_SCORE', '')).toBe('');
  });

  it('retries injected 429s and 5xx until every row has its value', async () => {
    await w.emu.faults({ rate429: 0.2, rate5xx: 0.05, retryAfterSeconds: 1, seed: 7 });
    const domains = indexed.slice(0, 100).map((b) => b.domain);
    const out = w.rt.customFunction('VIS_SCORE', column(domains)) as unknown[][];
    expect(out.map((r) => r[0])).toEqual(indexed.slice(0, 100).map((b) => b.overallScore));
    expect(w.rt.fetchStats.requests).toBeGreaterThan(100);
  });

  it('returns partial results inside the limit when the service is slow, and finishes on recalculation', async () => {
    // Most requests are told to come back in 8 s (a seeded draw, so the count does not depend on
    // how fast this machine sends them): the 30 s budget runs out before every row is answered.
    await w.emu.faults({ rate429: 0.85, retryAfterSeconds: 8, seed: 3 });
    const domains = Array.from({ length: 600 }, (_, i) => `slow-${i}.com`);
    const out = w.rt.customFunction('VIS_SCORE', column(domains)) as unknown[][];
    const loading = out.filter(
      (r) =>
        r[0] === 'loading, recalculate to finish' ||
        String(r[0]).startsWith('error: the service is busy'),
    ).length;
    expect(loading).toBeGreaterThan(0);
    expect(out.filter((r) => r[0] === 'not in index').length).toBeGreaterThan(0);
    await w.emu.faults({});
    // Rows the service kept refusing opened the circuit: within the minute nothing is asked.
    const sent = w.rt.fetchStats.requests;
    const paused = w.rt.customFunction('VIS_SCORE', column(domains)) as unknown[][];
    expect(w.rt.fetchStats.requests).toBe(sent);
    const pausedRows = paused.filter((r) =>
      /^error: the service kept failing, so requests pause/.test(String(r[0])),
    );
    expect(pausedRows.length).toBe(loading);
    w.rt.advance(61_000);
    const done = w.rt.customFunction('VIS_SCORE', column(domains)) as unknown[][];
    expect(failing(done, (r) => r[0] === 'not in index')).toEqual([]);
  });
});

describe('VIS_BRAND, VIS_REPORT_LINK', () => {
  it('one row per input with a header row, a real date and an ambiguity message', () => {
    const out = w.rt.customFunction(
      'VIS_BRAND',
      column(['acme-analytics', 'no-such-slug']),
      'slug',
      true,
    ) as unknown[][];
    expect(out[0]).toEqual([
      'Brand',
      'Slug',
      'Overall score',
      'Level',
      'ChatGPT',
      'Claude',
      'Gemini',
      'AI Overviews',
      'Last scan',
      'Brand page',
    ]);
    const acme = INDEX.find((b) => b.domain === 'acmeanalytics.com')!;
    expect(out[1]!.slice(0, 4)).toEqual([
      'Acme Analytics',
      'acme-analytics',
      acme.overallScore,
      visibilityLevel(acme.overallScore),
    ]);
    expect(out[1]![8]).toBeInstanceOf(Date);
    expect(out[2]![0]).toBe('not in index');
    const byName = w.rt.customFunction('VIS_BRAND', 'Summit Foods', 'name') as unknown[][];
    expect(byName[0]![0]).toMatch(/^error: several brands match/);
  });

  it('a brand name that looks like a formula is a value in the cell, never a formula', () => {
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.probe.place(1, 1, { value: 'hostile-formula' });
    sheet.probe.place(1, 2, { value: '', formula: '=VIS_BRAND(A1, "slug")' });
    w.rt.recalculate();
    expect(sheet.cell(1, 2)).toMatchObject({
      value: '=HYPERLINK("https://evil.example","click")',
      formula: '=VIS_BRAND(A1, "slug")',
    });
    expect(sheet.cell(1, 3)).toMatchObject({ value: 'hostile-formula' });
    expect(sheet.cell(1, 3).formula).toBeUndefined();
    expect(sheet.cell(1, 11).value).toMatch(/\/brands\/hostile-formula$/);
  });

  it('builds the outreach link with no request', () => {
    expect(w.rt.customFunction('VIS_REPORT_LINK', 'acme.com/x')).toBe(
      `${w.emu.baseUrl}/?report=https%3A%2F%2Facme.com%2Fx`,
    );
    expect(w.rt.fetchStats.requests).toBe(0);
  });
});

describe('keyed functions', () => {
  it('VIS_SCAN gives each state as one row', () => {
    const out = w.rt.customFunction(
      'VIS_SCAN',
      column([1001, 1003, 1004, 1005, 'abc', 999999]),
    ) as unknown[][];
    expect(out[0]![0]).toBe('complete');
    expect(typeof out[0]![1]).toBe('number');
    expect(out[1]!.slice(0, 2)).toEqual(['none', '']);
    expect(out[2]!.slice(0, 2)).toEqual(['failed', '']);
    expect(out[3]![0]).toBe('running');
    expect(out[3]![2]).toMatch(/^\d+\/24$/);
    expect(out[4]![0]).toMatch(/^error: not a brand agent ID/);
    expect(out[5]![0]).toBe('error: no brand agent with this ID for your key: check the ID');
  });

  it('needs the owner to allow formulas to use the key', () => {
    sidebar(w.rt).saveSettings({ allowFormulasToUseKey: false });
    const out = w.rt.customFunction('VIS_SCAN', 1001) as unknown[][];
    expect(out[0]![0]).toMatch(/^error: formulas may not use your key here/);
    expect(w.rt.fetchStats.requests).toBe(0);
  });

  it("a public answer reaches the owner's other file through the script cache; one asked with her key stays with its file", () => {
    const other = w.rt.addSpreadsheet('Elsewhere');
    sidebar(w.rt, undefined, other).saveSettings({ allowFormulasToUseKey: true });
    const there = (name: string, arg: unknown) =>
      w.rt.run(name, [arg], { mode: 'custom-function', spreadsheet: other });
    const site = indexed[0]!.domain;
    w.rt.customFunction('VIS_SCORE', site);
    w.rt.customFunction('VIS_SCAN', 1001);
    w.rt.resetCounts();
    expect(there('VIS_SCORE', site)).toEqual(w.rt.customFunction('VIS_SCORE', site));
    expect(w.rt.fetchStats.requests).toBe(0);
    expect((there('VIS_SCAN', 1001) as unknown[][])[0]![0]).toBe('complete');
    expect(w.rt.fetchStats.requests).toBe(1);
  });

  it('formulas cannot write to the sheet or create anything', () => {
    w.rt.customFunction('VIS_PREVIEW', column(['0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b']));
    expect(failing(w.rt.fetchStats.log, (r) => r.method === 'get')).toEqual([]);
    expect(w.rt.sheetCalls().writes).toBe(0);
  });
});

describe('formulas under dropped connections', () => {
  it('answers the rows it got, marks the rest "error: no answer, recalculate", and a recalculation completes them', async () => {
    const rows = prospects().slice(0, 300);
    // Every connection dropped: each batch is lost, sent again, and given up after 3 tries.
    await w.emu.faults({ rateDrop: 1, seed: 7 });
    const lost = w.rt.customFunction('VIS_SCORE', column(rows)) as unknown[][];
    expect(lost).toHaveLength(300);
    expect(failing(lost, (r) => r[0] === 'error: no answer, recalculate')).toEqual([]);
    expect(w.rt.fetchStats.requests).toBe(3 * 300);
    // A gentler network, once the circuit breaker's pause is over: some rows answered, the
    // others say so, none fails the column.
    w.rt.advance(61000);
    await w.emu.faults({ rateDrop: 0.01, seed: 7 });
    const some = w.rt.customFunction('VIS_SCORE', column(rows)) as unknown[][];
    const answered = some.filter((r) => typeof r[0] === 'number' || r[0] === 'not in index');
    expect(
      answered.length + some.filter((r) => r[0] === 'error: no answer, recalculate').length,
    ).toBe(300);
    expect(answered.length).toBeGreaterThan(290);
    await w.emu.faults({ rateDrop: 0, seed: 7 });
    const done = w.rt.customFunction('VIS_SCORE', column(rows)) as unknown[][];
    expect(failing(done, (r) => typeof r[0] === 'number' || r[0] === 'not in index')).toEqual([]);
  });
});

describe('VIS_COMPARE on the built bundle', () => {
  it('compares a brand with its competitors, one row each, and costs nothing to recalculate', () => {
    const [me, a, b] = indexed;
    const out = w.rt.customFunction(
      'VIS_COMPARE',
      me!.domain,
      column([a!.domain, '', 'prospect-x.com', b!.domain, 'not a site']),
      true,
    ) as unknown[][];
    expect(out[0]).toEqual([
      'Public score',
      'Rank',
      'Gap',
      'ChatGPT gap',
      'Claude gap',
      'Gemini gap',
      'AI Overviews gap',
    ]);
    expect(out[1]!.slice(0, 3)).toEqual([
      a!.overallScore,
      expect.any(Number),
      a!.overallScore - me!.overallScore,
    ]);
    const [theirs, mine] = [a!.platformScores.chatgpt, me!.platformScores.chatgpt];
    const chatgptGap = typeof theirs === 'number' && typeof mine === 'number' ? theirs - mine : '';
    expect(out[1]![3]).toBe(chatgptGap);
    expect(out[2]).toEqual(['', '', '', '', '', '', '']);
    expect(out[3]![0]).toBe('not in index');
    expect(out[4]![2]).toBe(b!.overallScore - me!.overallScore);
    expect(String(out[5]![0])).toMatch(/^error: not a website/);
    expect(w.rt.fetchStats.requests).toBe(4);
    w.rt.resetCounts();
    w.rt.customFunction('VIS_COMPARE', me!.domain, column([a!.domain, b!.domain]), true);
    expect(w.rt.fetchStats.requests).toBe(0);
  });
});

describe('the usage meter', () => {
  it('counts formulas’ fetches too, keeps the count over a 7-hour gap, and starts again the next day', () => {
    const usage = () => sidebar(w.rt).getUsage();
    // Put the clock at 01:00 UTC so that seven hours later is still the same day.
    const now = new Date(w.rt.clock.now());
    const next1am = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1);
    w.rt.advance(next1am - w.rt.clock.now());
    const before = usage().today;
    w.rt.customFunction('VIS_SCORE', column(prospects().slice(0, 300)));
    const fetched = w.rt.fetchStats.requests;
    expect(usage()).toMatchObject({ today: before + fetched, quota: 20000, tier: 'consumer' });
    expect(usage().why).toMatch(/consumer/);
    // Seven hours on, past the cache's 6-hour life: the count is in the user's properties.
    w.rt.advance(7 * 3600 * 1000);
    expect(usage().today).toBe(before + fetched);
    w.rt.advance(17 * 3600 * 1000);
    expect(usage().today).toBe(0);
  });
});

/** `n` indexed sites with `=VIS_SCORE(A2)`, `=VIS_SCORE(A3)`, … filled down beside them. */
function filledDown(n: number) {
  const sheet = w.rt.spreadsheet.activeSheet;
  const brands = indexed.slice(0, n);
  sheet.probe.rows = [
    [{ value: 'Website' }, { value: 'Score' }],
    ...brands.map((b, i) => [{ value: b.domain }, { value: '', formula: `=VIS_SCORE(A${i + 2})` }]),
  ];
  return { sheet, brands };
}

describe('VIS_SCORE filled down one cell at a time', () => {
  it('shows #ERROR! past 30 cells as Sheets does, and Combine makes it one formula that answers every row', async () => {
    w = await startWorld();
    const { sheet, brands } = filledDown(60);
    w.rt.recalculate();
    const shown = () => sheet.probe.rows.slice(1).map((r) => r[1]!.value);
    expect(shown().filter((v) => v === '#ERROR!')).toHaveLength(30);
    expect(w.rt.formulaError(sheet, 61, 2)).toBe('There are too many scripts running.');

    // Selected, the Scores tab says why and how out, and each refused cell carries a note of it.
    sheet.setActiveSelection('B2:B61');
    expect(sidebar(w.rt).getScorePlan().message).toBe(
      '60 formulas filled down, 30 showing #ERROR!: Sheets runs at most 30 at once. Extensions > Visibility for Sheets > Combine formulas filled down makes each column one formula that answers every row.',
    );
    const noted = sheet.probe.rows.slice(1).filter((r) => r[1]!.note);
    expect(noted).toHaveLength(30);
    expect(noted.every((r) => r[1]!.value === '#ERROR!')).toBe(true);
    expect(noted[0]![1]!.note).toMatch(/^One of 60 VIS_SCORE formulas filled down \(B2:B61\)/);
    expect(fromMenu(w.rt, 'combineFormulasFromMenu')).toBe(
      '60 formulas filled down are now one: B2:B61 is now =VIS_SCORE(A2:A61).',
    );
    expect(sheet.probe.rows[1]![1]!.note).toMatch(/^60 VIS_SCORE formulas filled down \(B2:B61\)/);
    expect(sheet.probe.rows.slice(2).filter((r) => r[1]!.note)).toEqual([]);
    w.rt.recalculate();
    expect(shown()).toEqual(brands.map((b) => b.overallScore));
    // Nothing left to combine: it says so and changes nothing.
    expect(fromMenu(w.rt, 'combineFormulasFromMenu')).toMatch(/^No formulas filled down/);
  });
});

describe('VIS_SCORE filled down past the pace Google allows one person (X5)', () => {
  it('waits the second Google asks for and answers every row; the fetch calls respect the pace', async () => {
    // Google names the refusal but not the number: five calls a second stands in for it.
    w = await startWorld({ fetchCallsPerSecond: 5 });
    const { sheet, brands } = filledDown(12);
    w.rt.recalculate();
    expect(sheet.probe.rows.slice(1).map((r) => r[1]!.value)).toEqual(
      brands.map((b) => b.overallScore),
    );
    expect(w.rt.fetchStats.fetchAllCalls + w.rt.fetchStats.fetchCalls).toBe(12);
  });
});

describe('a day’s first cold VIS_SCORE', () => {
  it('sizes its batch from the pace yesterday’s Score measured: 800 sites in one round trip', async () => {
    // Yesterday a Score press over a short list measured the service's pace (kept past the
    // cache's six hours, in the person's own properties).
    const list = w.rt.spreadsheet.activeSheet;
    list.probe.rows = [['Website'], ...indexed.slice(0, 20).map((b) => [b.domain])].map((r) =>
      r.map((value) => ({ value })),
    );
    list.setActiveSelection('A2:A21');
    sidebar(w.rt).scoreSelection({ refresh: 'all' });
    await w.elapse(25 * 3600 * 1000);
    const calls = w.rt.fetchStats.fetchAllCalls;
    const sites = Array.from({ length: 800 }, (_, i) => `cold-start-${i}.com`);
    const out = w.rt.customFunction('VIS_SCORE', column(sites)) as unknown[][];
    expect(out).toHaveLength(800);
    expect(w.rt.fetchStats.fetchAllCalls - calls).toBe(1);
  });
});
