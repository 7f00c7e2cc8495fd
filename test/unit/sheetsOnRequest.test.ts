// Going to a place and the sheets made on request, through their ports in memory: a listed row,
// the way back to a list, the example sheet, and the templates.
import { returnIn, selectRowIn } from '../../src/addon/attention';
import { EXAMPLE_SHEET, EXAMPLE_SITES, exampleWith } from '../../src/addon/example';
import { templateIn } from '../../src/addon/templates';
import { SCORE_COLUMNS } from '../../src/domain/scoreColumns';
import { SHEETS } from '../../src/domain/sheetNames';
import { MONITOR_COLUMNS, MONITOR_SHEET } from '../../src/domain/scanWatch';
import type { ScoreReport } from '../../src/contract/scores';
import type { ExamplePorts } from '../../src/addon/example';
import type { NavigationPort } from '../../src/addon/attention';
import type { TemplateSheet } from '../../src/addon/templates';
import type { LogLine } from '../../src/contract/schedules';

describe('going to a place', () => {
  const went: string[] = [];
  const nav: NavigationPort = {
    sheet: (name) =>
      name === 'Prospects'
        ? {
            lastRow: 10,
            selectRow: (row) => void went.push(`row ${row}`),
            selectBlock: (a1) => void went.push(`block ${a1}`),
          }
        : null,
  };
  beforeEach(() => (went.length = 0));

  it('selects a listed row within the list, never its header or past its end', () => {
    expect([1, 2, 10, 11].map((row) => selectRowIn(nav, 'Prospects', row))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(selectRowIn(nav, 'Renamed', 2)).toBe(false);
    expect(went).toEqual(['row 2', 'row 10']);
  });

  it('goes back to the block the person had selected; a deleted list says so', () => {
    expect(returnIn(nav, { sheetName: 'Prospects', a1: 'B2:B9' })).toBe(true);
    expect(returnIn(nav, { sheetName: 'Gone', a1: 'B2:B9' })).toBe(false);
    expect(went).toEqual(['block B2:B9']);
  });
});

describe('the example sheet', () => {
  const scored: ScoreReport = {
    state: 'done',
    message: 'Scored 10 rows.',
    scored: 10,
    fetched: 10,
    failedSites: 0,
  } as ScoreReport;
  const world = (empty: boolean, report: ScoreReport | null = scored) => {
    const filled: unknown[][][] = [];
    const logs: Array<[string, LogLine]> = [];
    const p: ExamplePorts = {
      place: () => ({ sheetName: 'Prospects', a1: 'B2:B9' }),
      open: () => ({ empty, fill: (v) => void filled.push(v) }),
      score: () => report,
      log: (action, entry) => void logs.push([action, entry]),
    };
    return { p, filled, logs };
  };

  it('fills a new sheet with ten brands, scores them, logs it and offers the way back', () => {
    const { p, filled, logs } = world(true);
    const r = exampleWith(p);
    expect(filled).toEqual([[['Website'], ...EXAMPLE_SITES.map((s) => [s])]]);
    expect(r).toMatchObject({ state: 'done', backTo: { sheetName: 'Prospects' } });
    expect(r.message).toMatch(/^The "Visibility example" sheet shows ten brands' public scores/);
    expect(logs.map(([a, e]) => [a, e.rows])).toEqual([['insert example', 10]]);
  });

  it('leaves a sheet already filled as it is; from the example itself there is no way back', () => {
    const { p, filled } = world(false);
    const r = exampleWith({ ...p, place: () => ({ sheetName: EXAMPLE_SHEET, a1: 'A2' }) });
    expect(filled).toEqual([]);
    expect(r.backTo).toBeNull();
  });

  it('a sheet that lost its Website column says how to start again, and logs nothing', () => {
    const { p, logs } = world(false, null);
    expect(exampleWith(p)).toMatchObject({ state: 'nothing', message: /lost its Website column/ });
    expect(logs).toEqual([]);
  });
});

describe('templates', () => {
  const made = new Map<string, TemplateSheet>();
  const p = {
    exists: (n: string) => made.has(n),
    make: (n: string, s: TemplateSheet) => void made.set(n, s),
  };

  it('makes a prospect list with the person’s columns first, then the score columns', () => {
    expect(templateIn(p, 'prospects').state).toBe('done');
    expect(made.get(SHEETS.prospects.name)).toEqual({
      own: ['Website', 'Company', 'Contact', 'Email'],
      columns: SCORE_COLUMNS,
      note: null,
    });
  });

  it('makes the scan monitor with its how-to as a note; a second press changes nothing', () => {
    const r = templateIn(p, 'monitor');
    expect(made.get(MONITOR_SHEET)).toMatchObject({ own: [], columns: MONITOR_COLUMNS });
    expect(r.message).toContain(made.get(MONITOR_SHEET)!.note);
    const size = made.size;
    expect(templateIn(p, 'monitor')).toMatchObject({ state: 'nothing', message: /already exists/ });
    expect(made.size).toBe(size);
  });
});
