// Freeze and restore as decisions over plain cells: extents, checks, and what the user is told.
import {
  formulasReaching,
  freezeMessage,
  freezeResult,
  frozenReaching,
  restoreResult,
  type Found,
} from '../../src/domain/freeze';
import { resultExtent, VIS_FUNCTIONS } from '../../src/domain/visFunctions';
import { visFunctions } from '../../src/addon/customFunctions';

const grid = { rows: 1000, cols: 26 };
const at = { row: 2, col: 2 };

describe('the VIS_* table', () => {
  it('names every custom function the bundle runs, and nothing else', () => {
    expect(Object.keys(VIS_FUNCTIONS).sort()).toEqual(Object.keys(visFunctions).sort());
  });

  it.each(Object.entries(VIS_FUNCTIONS))(
    '%s: its list and header arguments are among its arguments, each with help',
    (_name, spec) => {
      const names = spec.args.map((a) => a.name);
      expect(names).toContain(spec.list);
      if ('headers' in spec) expect(names).toContain(spec.headers);
      for (const a of spec.args) expect([a.example, a.help].every(Boolean)).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    },
  );
});

describe('a result extent follows from the formula’s arguments', () => {
  it.each([
    ['=VIS_SCORE(A2:A500)', grid, { rows: 499, cols: 1 }],
    ['=VIS_SCORE(A2:A500, "claude", Z1)', grid, { rows: 499, cols: 1 }],
    ['=VIS_LEVEL(Sheet2!$B$2:$C$3, Z1)', grid, { rows: 2, cols: 2 }],
    ['=VIS_BRAND(A2:A4, "url", TRUE)', grid, { rows: 4, cols: 10 }],
    ['=VIS_BRAND(A2:A4)', grid, { rows: 3, cols: 10 }],
    ['=vis_scan(B2)', grid, { rows: 1, cols: 5 }],
    ['=VIS_PREVIEW("0b6f…")', grid, { rows: 1, cols: 5 }],
    ['=VIS_COMPARE(A2, B2:B20, TRUE)', grid, { rows: 20, cols: 7 }],
    ['=VIS_REPORT_LINK(A2:A)', grid, { rows: 999, cols: 1 }],
    ['=VIS_SCORE(A2:A5000)', grid, { rows: 999, cols: 1 }],
    ['=VIS_BRAND(A2:A4)', { rows: 1000, cols: 5 }, { rows: 3, cols: 4 }],
  ])('%s in B2 of a %j grid fills %j', (formula, g, size) => {
    expect(resultExtent(formula, at, g)).toEqual({ ...at, ...size });
  });
  it.each(['=SUM(A1:A3)', '=VISX(A2)', 'VIS_SCORE(A2)', ''])('%j is not ours', (formula) => {
    expect(resultExtent(formula, at, grid)).toBeNull();
  });
  it('freezes every VIS_* function, and nothing else', () => {
    const freezable = (f: string) => resultExtent(f, at, grid) !== null;
    expect(['=VIS_SCORE(A2)', '=VIS_REPORT_LINK(A2)', '=SUM(A2)'].map(freezable)).toEqual([
      true,
      true,
      false,
    ]);
    const scan = { top: 1, left: 1, cells: [['=SUM(A2:A3)', '=VIS_LEVEL(A2:A3)']] };
    const selection = { row: 1, col: 1, rows: 3, cols: 2 };
    expect(formulasReaching(scan, selection, grid).map((f) => f.formula)).toEqual([
      '=VIS_LEVEL(A2:A3)',
    ]);
  });
});

describe('finding the results a selection reaches', () => {
  const formulas = [
    ['Website', 'Score', ''],
    ['a.com', '=VIS_SCORE(A2:A21)', '=SUM(1,2)'],
    ['b.com', '', '=VIS_LEVEL(A3)'],
  ];
  const scan = { top: 1, left: 1, cells: formulas };
  it('any cell of a result reaches its formula', () => {
    const found = formulasReaching(scan, { row: 15, col: 2, rows: 1, cols: 1 }, grid);
    expect(found).toEqual([
      { extent: { row: 2, col: 2, rows: 20, cols: 1 }, formula: '=VIS_SCORE(A2:A21)' },
    ]);
  });
  it('a selection beside a result reaches nothing of it', () => {
    expect(formulasReaching(scan, { row: 4, col: 3, rows: 1, cols: 1 }, grid)).toEqual([]);
  });
  it('frozen notes are found the same way, with or without a check line', () => {
    const notes = [
      ['', '', ''],
      ['', 'Frozen by Visibility for Sheets (20x1): =VIS_SCORE(A2:A21)\nCheck: 0a1b', ''],
      ['', '', 'Frozen by Visibility for Sheets (1x1): =VIS_LEVEL(A3)'],
    ];
    const found = frozenReaching(
      { top: 1, left: 1, cells: notes },
      { row: 1, col: 1, rows: 3, cols: 3 },
    );
    expect(found.map((f) => [f.formula, f.check, f.extent.rows])).toEqual([
      ['=VIS_SCORE(A2:A21)', '0a1b', 20],
      ['=VIS_LEVEL(A3)', undefined, 1],
    ]);
  });
});

describe('freeze and restore one result', () => {
  const found: Found = {
    extent: { row: 2, col: 2, rows: 4, cols: 1 },
    formula: '=VIS_SCORE(A2:A5)',
  };
  const result = {
    values: [[71], ['=text'], ['00123'], ['']],
    formulas: [['=VIS_SCORE(A2:A5)'], [''], [''], ['']],
  };

  it('writes the whole result as values that read back as they showed', () => {
    const out = freezeResult(found, result);
    if (out.kind !== 'frozen') throw new Error(out.kind);
    expect(out.values).toEqual([[71], ["'=text"], ["'00123"], ['']]);
    expect(out.note).toMatch(
      /^Frozen by Visibility for Sheets \(4x1\): =VIS_SCORE\(A2:A5\)\nCheck: [0-9a-f]{16}$/,
    );
  });

  it.each(['loading, recalculate to finish', 'error: the service is down', '#REF!', ''])(
    'leaves a result showing %j as a formula',
    (first) => {
      expect(
        freezeResult(found, { ...result, values: [[first], ...result.values.slice(1)] }),
      ).toEqual({
        kind: 'skipped',
      });
    },
  );

  const frozen = (): Found => {
    const out = freezeResult(found, result);
    if (out.kind !== 'frozen') throw new Error(out.kind);
    return frozenReaching({ top: 2, left: 2, cells: [[out.note]] }, found.extent)[0]!;
  };
  // What the sheet holds after the freeze: the values, read back, and no formula.
  const afterFreeze = () => ({
    values: [[71], ['=text'], ['00123'], ['']],
    formulas: [[''], [''], [''], ['']],
  });

  it('restores an untouched result: the formula back, every other cell cleared', () => {
    expect(restoreResult(frozen(), afterFreeze())).toEqual({
      kind: 'restored',
      values: [['=VIS_SCORE(A2:A5)'], [''], [''], ['']],
    });
  });

  it('leaves a result frozen when someone typed into it since, naming the cells', () => {
    const cells = afterFreeze();
    cells.values[3]![0] = 'my own note';
    expect(restoreResult(frozen(), cells)).toEqual({ kind: 'blocked', changed: ['B5'] });
    cells.values[1]![0] = 'edited';
    expect(restoreResult(frozen(), cells)).toEqual({ kind: 'blocked', changed: ['B3', 'B5'] });
  });

  it('restores a note of an earlier version (no check) as before', () => {
    const old: Found = { extent: found.extent, formula: found.formula };
    expect(restoreResult(old, afterFreeze()).kind).toBe('restored');
  });

  it('checks a long result in groups of rows, naming the group that changed', () => {
    const rows = 640;
    const big: Found = {
      extent: { row: 2, col: 2, rows, cols: 1 },
      formula: '=VIS_SCORE(A2:A641)',
    };
    const values = Array.from({ length: rows }, (_, i) => [i]);
    const formulas = values.map((_, i) => [i ? '' : big.formula]);
    const out = freezeResult(big, { values, formulas });
    if (out.kind !== 'frozen') throw new Error(out.kind);
    expect(out.note.split('\n')[1]!.length).toBeLessThan(200);
    const back = frozenReaching({ top: 2, left: 2, cells: [[out.note]] }, big.extent)[0]!;
    const now: unknown[][] = values.map((r) => r.slice());
    now[100]![0] = 'typed';
    expect(restoreResult(back, { values: now, formulas: formulas.map(() => ['']) })).toEqual({
      kind: 'blocked',
      changed: ['B102:B121'],
    });
  });
});

describe('what the user is told', () => {
  it.each([
    [
      'freeze',
      { changed: 0, skipped: 0, notMine: 0, blocked: [] },
      'nothing',
      /^No =VIS_ formulas in the selection/,
    ],
    [
      'restore',
      { changed: 0, skipped: 0, notMine: 0, blocked: [] },
      'nothing',
      /^No frozen values in the selection/,
    ],
    [
      'freeze',
      { changed: 2, skipped: 1, notMine: 0, blocked: [] },
      'done',
      /^2 formulas frozen into values, each whole result.*1 still loading/,
    ],
    [
      'restore',
      { changed: 0, skipped: 0, notMine: 0, blocked: [{ at: 'B2', changed: ['B7'] }] },
      'nothing',
      /^B2 stays frozen: B7 changed since the freeze\. Move or clear what was typed there, then restore again\.$/,
    ],
    [
      'restore',
      { changed: 0, skipped: 0, notMine: 1, blocked: [] },
      'nothing',
      /^1 frozen result left as it is: frozen by someone else, or its note was changed since\. Only the person who froze a result can restore it\.$/,
    ],
  ] as const)('%s with %j is %s', (verb, tally, state, message) => {
    const blocked = tally.blocked.map((b) => ({ at: b.at, changed: [...b.changed] }));
    const out = freezeMessage(verb, { ...tally, blocked });
    expect(out.state).toBe(state);
    expect(out.message).toMatch(message);
  });
});
