// The runtime refuses what Google refuses: one block per line of docs/platform-limits.md, each
// named by its line's id, with Google's own message.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GasRuntime } from '../../dev/gas-runtime/runtime';
import type { Sheet } from '../../dev/gas-runtime/spreadsheet';
import { DataValidationBuilder } from '../../dev/gas-runtime/validation';

const distDir = path.join(__dirname, '..', 'fixtures', 'probe-bundle');
let rt: GasRuntime;
beforeEach(() => {
  rt = new GasRuntime({ distDir });
});
afterEach(() => rt.close());

const OUTSIDE = 'The coordinates of the range are outside the dimensions of the sheet.';

describe('G1 a new sheet is 1,000 rows by 26 columns', () => {
  it('insertSheet makes one that size, as is the first sheet', () => {
    const sheet = rt.spreadsheet.insertSheet('New');
    expect([sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([1000, 26]);
    expect([
      rt.spreadsheet.sheets[0]!.getMaxRows(),
      rt.spreadsheet.sheets[0]!.getMaxColumns(),
    ]).toEqual([1000, 26]);
  });
});

describe('G14 a sheet has at most 18,278 columns (ZZZ)', () => {
  it('grows to ZZZ and no further, whatever room the cell limit leaves', () => {
    const sheet = rt.spreadsheet.activeSheet;
    sheet.deleteRows(101, 900);
    sheet.insertColumnsAfter(26, 18_278 - 26);
    expect(sheet.getMaxColumns()).toBe(18_278);
    expect(() => sheet.insertColumnsAfter(18_278, 1)).toThrow(/above the limit of 18278 columns/);
  });
});

describe('G17 a sheet keeps its id, renamed or moved; a deleted one names none', () => {
  it('getSheetId is set at insertSheet, kept by setName, and found among the sheets no more once deleted', () => {
    const sheet = rt.spreadsheet.insertSheet('Prospects');
    const id = sheet.getSheetId();
    expect(rt.spreadsheet.sheets.filter((s) => s.getSheetId() === id)).toHaveLength(1);
    sheet.setName('Prospects (Q3)');
    expect(sheet.getSheetId()).toBe(id);
    expect(rt.spreadsheet.getSheetByName('Prospects (Q3)')!.getSheetId()).toBe(id);
    const other = rt.spreadsheet.insertSheet('Prospects');
    expect(other.getSheetId()).not.toBe(id);
    rt.spreadsheet.deleteSheet(sheet);
    expect(rt.spreadsheet.getSheets().some((s) => s.getSheetId() === id)).toBe(false);
  });
});

describe('G10 insertSheet makes the new sheet the active one', () => {
  it('takes the person away from their sheet and selection until a script gives them back', () => {
    const list = rt.spreadsheet.activeSheet;
    list.setActiveSelection('B2');
    const made = rt.spreadsheet.insertSheet('Made');
    expect(rt.spreadsheet.getActiveSheet()).toBe(made);
    // The selection was on the other sheet: the active sheet has none to give.
    expect(rt.spreadsheet.getActiveRange()).toBeNull();
    list.activate();
    expect(rt.spreadsheet.getActiveSheet()).toBe(list);
  });
});

describe('G2 a range past the grid throws, for reads and writes', () => {
  it.each([
    [1000, 1, 1, 1, null],
    [1001, 1, 1, 1, OUTSIDE],
    [999, 1, 2, 1, null],
    [999, 1, 3, 1, OUTSIDE],
    [1, 26, 1, 1, null],
    [1, 27, 1, 1, OUTSIDE],
    [1, 20, 1, 10, OUTSIDE],
  ])('getRange(%i, %i, %i, %i) in a script', (row, col, rows, cols, error) => {
    const run = () => rt.run('probeGrid', [row, col, rows, cols]);
    if (error) expect(run).toThrow(error);
    else expect(run).not.toThrow();
  });
  it('A1 notation past the grid throws too, and an open-ended column stops at the grid', () => {
    const sheet = rt.spreadsheet.activeSheet;
    expect(() => sheet.getRange('A1:A1001')).toThrow(OUTSIDE);
    expect(() => sheet.getRange('AA1')).toThrow(OUTSIDE);
    expect(sheet.getRange('B2:B').getNumRows()).toBe(999);
  });
});

describe('G9 whole columns and whole rows in A1 notation', () => {
  it('B:B, D:F and 5:7 span the grid and are named that way back', () => {
    const sheet = rt.spreadsheet.activeSheet;
    const b = sheet.getRange('B:B');
    expect([b.getRow(), b.getNumRows(), b.getColumn(), b.getNumColumns()]).toEqual([1, 1000, 2, 1]);
    expect(b.getA1Notation()).toBe('B:B');
    expect(sheet.getRange('D:F').getA1Notation()).toBe('D:F');
    const rows = sheet.getRange('5:7');
    expect([rows.getRow(), rows.getNumRows(), rows.getColumn(), rows.getNumColumns()]).toEqual([
      5, 3, 1, 26,
    ]);
    expect(rows.getA1Notation()).toBe('5:7');
    // A selection made by clicking a column letter is the same range.
    expect(sheet.setActiveSelection('B:B').getA1Notation()).toBe('B:B');
    expect(rt.spreadsheet.getActiveRange()!.getNumRows()).toBe(1000);
    // A range given by its cells keeps its cell notation, whole column or not.
    expect(sheet.getRange(1, 2, 1000, 1).getA1Notation()).toBe('B1:B1000');
    expect(() => sheet.getRange('1001:1002')).toThrow(OUTSIDE);
  });
});

describe('G3 only the insert calls and appendRow grow a sheet', () => {
  let sheet: Sheet;
  beforeEach(() => {
    sheet = rt.spreadsheet.insertSheet('Grow');
  });
  it('insertRowsAfter and insertColumnsAfter add whole rows and columns', () => {
    sheet.insertRowsAfter(1000, 500);
    sheet.insertColumnsAfter(26, 4);
    expect([sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([1500, 30]);
    expect(() => sheet.getRange(1500, 30).setValues([['x']])).not.toThrow();
    expect(() => sheet.getRange(1501, 1)).toThrow(OUTSIDE);
  });
  it('insertRowsBefore and insertColumnsBefore shift what is there', () => {
    sheet.getRange(2, 2).setValues([['kept']]);
    sheet.insertRowsBefore(1, 2);
    sheet.insertColumnsBefore(1, 1);
    expect(sheet.getRange(4, 3).getValues()).toEqual([['kept']]);
    expect([sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([1002, 27]);
  });
  it('appendRow grows a full sheet by one row', () => {
    sheet.getRange(1000, 1).setValues([['last']]);
    sheet.appendRow(['appended']);
    expect(sheet.getMaxRows()).toBe(1001);
    expect(sheet.getRange(1001, 1).getValues()).toEqual([['appended']]);
  });
  it('deleteRows shrinks the grid, and never deletes every unfrozen row', () => {
    sheet.setFrozenRows(1);
    sheet.deleteRows(2, 100);
    expect(sheet.getMaxRows()).toBe(900);
    expect(() => sheet.deleteRows(2, 899)).toThrow(
      'Sorry, it is not possible to delete all non-frozen rows.',
    );
    expect(() => sheet.deleteRows(900, 5)).toThrow('Those rows are out of bounds.');
  });
});

describe('G4 a spreadsheet holds 10 million cells, blank ones included', () => {
  it('refuses a sheet or rows that would pass the limit', () => {
    const big = rt.spreadsheet.insertSheet('Big');
    // 26,000 cells in Sheet1 and in Big already: rows of 26 fill the workbook to 10 short of it.
    big.insertRowsAfter(1000, Math.floor((10_000_000 - 2 * 26_000) / 26));
    expect(rt.spreadsheet.cellCount()).toBe(9_999_990);
    const full =
      'This action would increase the number of cells in the workbook above the limit of 10000000 cells.';
    expect(() => big.insertRowsAfter(1000, 1)).toThrow(full);
    expect(() => big.insertColumnsAfter(26, 1)).toThrow(full);
    expect(() => rt.spreadsheet.insertSheet('One more')).toThrow(full);
  });
});

describe('G5 a cell holds 50,000 characters', () => {
  it('refuses a longer value, and writes nothing of the block', () => {
    const sheet = rt.spreadsheet.activeSheet;
    expect(() => sheet.getRange(1, 1, 1, 2).setValues([['ok', 'x'.repeat(50_001)]])).toThrow(
      'Your input contains more than the maximum of 50000 characters in a single cell.',
    );
    expect(sheet.cell(1, 1).value).toBe('');
    expect(() => sheet.getRange(1, 1).setValues([['x'.repeat(50_000)]])).not.toThrow();
  });
});

describe('S1 an array result spills below its formula, and only into blank cells', () => {
  const setUp = () => {
    const sheet = rt.spreadsheet.activeSheet;
    [1, 2, 3].forEach((v, i) => sheet.probe.place(i + 1, 1, { value: v }));
    sheet.typeIn(1, 2, '=DOUBLE(A1:A3)');
    rt.recalculate();
    return sheet;
  };
  it('spills, and the spilled cells hold values but no formula', () => {
    const sheet = setUp();
    expect([1, 2, 3].map((r) => sheet.cell(r, 2).value)).toEqual([2, 4, 6]);
    expect(sheet.getRange('B2:B3').getFormulas()).toEqual([[''], ['']]);
  });
  it('replacing the formula alone clears its whole result', () => {
    const sheet = setUp();
    sheet.getRange('B1').setValues([[2]]);
    expect([1, 2, 3].map((r) => sheet.cell(r, 2).value)).toEqual([2, '', '']);
  });
  it('a value in the way makes #REF!, with the reason Sheets gives', () => {
    const sheet = setUp();
    sheet.getRange('B3').setValues([['mine']]);
    expect(sheet.cell(1, 2).value).toBe('#REF!');
    expect(sheet.cell(2, 2).value).toBe('');
    rt.recalculate();
    expect(sheet.cell(1, 2).value).toBe('#REF!');
    expect(rt.formulaError(sheet, 1, 2)).toBe(
      'Array result was not expanded because it would overwrite data in B3.',
    );
    sheet.getRange('B3').clearContent();
    rt.recalculate();
    expect([1, 2, 3].map((r) => sheet.cell(r, 2).value)).toEqual([2, 4, 6]);
  });
  it('clearing a spilled cell changes nothing; a result past the grid is #REF!', () => {
    const sheet = setUp();
    sheet.getRange('B2').clearContent();
    expect(sheet.cell(2, 2).value).toBe(4);
    sheet.typeIn(999, 3, '=DOUBLE(A1:A3)');
    rt.recalculate();
    expect(sheet.cell(999, 3).value).toBe('#REF!');
    expect(rt.formulaError(sheet, 999, 3)).toBe(
      'Result was not automatically expanded, please insert more rows (1).',
    );
  });
});

describe('S2 a formula a script wrote is calculated by the time flush() returns', () => {
  it('spills after flush, not before', () => {
    expect(rt.run('probeFlushFormula')).toEqual(['', 4]);
  });
});

describe('G6 a spreadsheet keeps at least one sheet', () => {
  it('refuses to delete the last one', () => {
    expect(() => rt.run('probeDeleteLastSheet')).toThrow(
      "You can't remove all the sheets in a document.",
    );
  });
});

describe('G7 getDisplayValues gives what each cell shows; a number format survives a new value', () => {
  it.each([
    [72, '0.0', '72.0'],
    [1234.5, '#,##0', '1,235'],
    [0.455, '0.0%', '45.5%'],
    [41, '', '41'],
  ])('%p formatted %p shows %p', (value, format, shown) => {
    const sheet = rt.spreadsheet.activeSheet;
    const cell = sheet.range(1, 1, 1, 1);
    if (format) cell.setNumberFormat(format);
    cell.setValues([[value]]);
    expect(cell.getDisplayValues()).toEqual([[shown]]);
    expect(cell.getValues()).toEqual([[value]]);
  });
});

describe("G7 a date pattern shows a moment in the spreadsheet's zone; clearing a cell keeps its format", () => {
  it.each([
    ['yyyy-mm-dd hh:mm', 'Europe/Paris', '2026-11-25 04:05'],
    ['yyyy-mm-dd hh:mm', 'America/New_York', '2026-11-24 22:05'],
    ['d/m/yyyy', 'Etc/UTC', '25/11/2026'],
    ['hh:mm:ss', 'Etc/UTC', '03:05:09'],
  ])('%p in %p shows %p', (format, zone, shown) => {
    rt.spreadsheet.timeZone = zone;
    const cell = rt.spreadsheet.activeSheet.range(2, 1, 1, 1);
    cell.setNumberFormat(format);
    cell.setValues([[new Date('2026-11-25T03:05:09Z')]]);
    expect(cell.getDisplayValues()).toEqual([[shown]]);
  });
  it('clearContent leaves the format: a value written later shows by it', () => {
    const cell = rt.spreadsheet.activeSheet.range(1, 1, 1, 1);
    cell.setNumberFormat('0.0');
    cell.setValues([[3]]);
    cell.clearContent();
    cell.setValues([[4]]);
    expect(cell.getDisplayValues()).toEqual([['4.0']]);
    rt.spreadsheet.activeSheet.clearContents();
    cell.setValues([[5]]);
    expect(cell.getDisplayValues()).toEqual([['5.0']]);
  });
});

describe('G11 a RangeList sets one format over ranges of a sheet in one call', () => {
  it('formats every range of the list in one call, and refuses a range past the grid', () => {
    const sheet = rt.spreadsheet.activeSheet;
    const before = rt.sheetCalls().total;
    sheet.getRangeList(['A2:A1000', 'C2:D1000']).setNumberFormat('#,##0');
    expect(rt.sheetCalls().total - before).toBe(2); // getRangeList and setNumberFormat
    sheet.range(1000, 4, 1, 1).setValues([[1234]]);
    sheet.range(5, 2, 1, 1).setValues([[1234]]);
    expect(sheet.range(1000, 4, 1, 1).getDisplayValues()).toEqual([['1,234']]);
    expect(sheet.range(5, 2, 1, 1).getDisplayValues()).toEqual([['1234']]);
    expect(() => sheet.getRangeList(['A2:A1001'])).toThrow(OUTSIDE);
    // Formats alone are no data: the sheet still reads as empty below its values.
    expect(sheet.getLastRow()).toBe(1000);
    sheet.range(1000, 4, 1, 1).clearContent();
    expect(sheet.getLastRow()).toBe(5);
  });
});

describe('G12 sort puts blank cells last, ascending or descending', () => {
  it.each([true, false])('ascending %p', (ascending) => {
    const sheet = rt.spreadsheet.activeSheet;
    sheet.range(1, 1, 5, 1).setValues([['Site'], [''], ['b'], [''], ['a']]);
    sheet.getRangeList(['A2:A1000']).setNumberFormat('0');
    sheet.setFrozenRows(1);
    sheet.sort(1, ascending);
    const order = sheet.range(2, 1, 4, 1).getValues().flat();
    expect(order).toEqual(ascending ? ['a', 'b', '', ''] : ['b', 'a', '', '']);
  });
});

describe('G13 Range.sort moves only the range, by a column counted from A', () => {
  it('sorts rows 3 to 5 by column B; the header, row 2 and column C stay; a column outside throws', () => {
    const sheet = rt.spreadsheet.activeSheet;
    sheet.range(1, 1, 5, 3).setValues([
      ['Head', 'Key', 'Beside'],
      ['keep', 9, 'x'],
      ['c', 3, 'p'],
      ['a', '', 'q'],
      ['b', 1, 'r'],
    ]);
    sheet.range(3, 1, 3, 2).sort(2);
    expect(sheet.range(1, 1, 5, 3).getValues()).toEqual([
      ['Head', 'Key', 'Beside'],
      ['keep', 9, 'x'],
      ['b', 1, 'p'],
      ['c', 3, 'q'],
      ['a', '', 'r'],
    ]);
    expect(() => sheet.range(3, 1, 3, 2).sort(3)).toThrow(/outside the range/);
  });
});

describe('G8 a script sees the basic filter, and which rows it hides, one row at a time', () => {
  it('getFilter is null until a person filters; isRowHiddenByFilter answers per row, inside the grid', () => {
    const sheet = rt.spreadsheet.activeSheet;
    expect(sheet.getFilter()).toBeNull();
    expect(sheet.isRowHiddenByFilter(3)).toBe(false);
    sheet.probe.filterHiding([3, 5]);
    expect(sheet.getFilter()).not.toBeNull();
    expect([2, 3, 4, 5].map((r) => sheet.isRowHiddenByFilter(r))).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(() => sheet.isRowHiddenByFilter(1001)).toThrow(OUTSIDE);
  });
});

describe('A6 a time-driven trigger fires at a time Apps Script picks in each interval', () => {
  it('not on the dot of its making: first within the hour, then every hour at that minute', () => {
    const made = rt.clock.now();
    expect(rt.run('probeTrigger', [], { mode: 'menu' })).toBe(1);
    const first = rt.triggers.list[0]!.nextRun - made;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(3600 * 1000);
    // Another person's, made at the same moment, fires at another minute.
    rt.run('probeTrigger', [], { mode: 'menu', user: 'colleague@gmail.com' });
    expect(rt.triggers.list[1]!.nextRun).not.toBe(made + first);
    rt.triggers.list.pop(); // only the first is followed below
    // The runtime's clock also runs on the wall: a second either side of each firing.
    const at = made + first;
    rt.advance(at - rt.clock.now() - 1000);
    expect(rt.scriptProps.data.ticks).toBeUndefined();
    rt.advance(2000);
    expect(rt.scriptProps.data.ticks).toBe('1');
    rt.advance(at + 3600 * 1000 - rt.clock.now() - 1000);
    expect(rt.scriptProps.data.ticks).toBe('1');
    rt.advance(2000);
    expect(rt.scriptProps.data.ticks).toBe('2');
  });
});

describe('A3 a disabled add-on’s trigger stays listed and never fires', () => {
  it('is listed by getProjectTriggers, and the clock passes it by', () => {
    expect(rt.run('probeTrigger', [], { mode: 'menu' })).toBe(1);
    rt.triggers.disableAddonIn(rt.owner, rt.spreadsheet.id);
    rt.advance(3 * 3600 * 1000);
    expect(rt.scriptProps.data.ticks).toBeUndefined();
    expect(rt.run('probeTriggerCount', [], { mode: 'menu' })).toBe(1);
  });
});

describe('A4 a person may leave scopes unticked; getAuthorizationInfo says which', () => {
  const AUTH = 'https://www.googleapis.com/auth/';
  const SCOPES = ['script.scriptapp', 'script.external_request', 'script.send_mail'].map(
    (s) => AUTH + s,
  );
  /** The probe project with these scopes in its manifest. */
  function scoped(): GasRuntime {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'probe-scopes-'));
    copyFileSync(path.join(distDir, 'Code.js'), path.join(dir, 'Code.js'));
    writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify({ oauthScopes: SCOPES }));
    return new GasRuntime({ distDir: dir });
  }

  it('refuses each call that needs an unticked scope with Google’s words, the rest runs', () => {
    const g = scoped();
    try {
      expect(g.run('probeTrigger', [], { mode: 'menu' })).toBe(1);
      g.untickScope(g.owner, `${AUTH}script.scriptapp`);
      expect(() => g.run('probeTriggerCount', [], { mode: 'menu' })).toThrow(
        `Specified permissions are not sufficient to call ScriptApp.getProjectTriggers. Required permissions: ${AUTH}script.scriptapp`,
      );
      g.untickScope(g.owner, `${AUTH}script.send_mail`);
      expect(() => g.run('probeMail', ['a@client.com'], { mode: 'menu' })).toThrow(
        /Specified permissions are not sufficient to call MailApp\.sendEmail/,
      );
      expect(() =>
        g.run('probeFetchAll', [['http://127.0.0.1:9/x']], { mode: 'menu' }),
      ).not.toThrow(/permissions/);
      // Another person's grants are their own.
      expect(g.run('probeTriggerCount', [], { mode: 'menu', user: 'ben@agency.example' })).toBe(0);
      g.grantAllScopes(g.owner);
      expect(g.run('probeTriggerCount', [], { mode: 'menu' })).toBe(1);
    } finally {
      void g.close();
    }
  });

  it('getAuthorizationInfo: REQUIRED with a link while any scope asked about is missing', () => {
    const g = scoped();
    try {
      const all = g.run('probeAuthInfo', [SCOPES], { mode: 'menu' }) as Record<string, unknown>;
      expect(all).toEqual({ status: 'NOT_REQUIRED', url: null, granted: SCOPES });
      g.untickScope(g.owner, `${AUTH}script.send_mail`);
      const some = g.run('probeAuthInfo', [SCOPES], { mode: 'menu' }) as Record<string, unknown>;
      expect(some.status).toBe('REQUIRED');
      expect(String(some.url)).toMatch(/^https:\/\//);
      expect(some.granted).toEqual(SCOPES.slice(0, 2));
      // Asked about granted scopes only, nothing is required.
      const two = g.run('probeAuthInfo', [SCOPES.slice(0, 2)], { mode: 'menu' }) as Record<
        string,
        unknown
      >;
      expect(two.status).toBe('NOT_REQUIRED');
    } finally {
      void g.close();
    }
  });
});

describe('A5 a simple trigger runs at most 30 seconds', () => {
  it('stops onOpen at 30 s, where a menu run has 6 minutes', () => {
    expect(() => rt.run('probeSleep', [31000], { mode: 'simple-trigger' })).toThrow(
      'Exceeded maximum execution time',
    );
    expect(rt.run('probeSleep', [29000], { mode: 'simple-trigger' })).toBeGreaterThanOrEqual(29000);
    expect(rt.run('probeSleep', [31000], { mode: 'menu' })).toBeGreaterThanOrEqual(31000);
  });
});

describe('A1 onOpen in AuthMode.NONE reaches no properties, cache, lock, fetch or triggers', () => {
  const none = { mode: 'simple-trigger' as const, authNone: true };
  it.each([
    ['probeUserProp', []],
    ['probeCachePut', ['k', 'v', 10]],
    ['probeLock', []],
    ['probeFetchAll', [['http://127.0.0.1:9/x']]],
    ['probeTrigger', []],
  ])('%s is refused', (fn, args) => {
    expect(() => rt.run(fn, args as unknown[], none)).toThrow(/You do not have permission to call/);
  });
  it('building the menu is allowed', () => {
    expect(() => rt.run('probeUi', [], none)).not.toThrow();
  });
});

describe('A7 onOpen in AuthMode.LIMITED reaches the file, and nothing that needs authorization beyond it', () => {
  const limited = { mode: 'simple-trigger' as const };
  it.each([
    ['probeFetchAll', [['http://127.0.0.1:9/x']]],
    ['probeTrigger', []],
    ['probeTriggerCount', []],
  ])('%s is refused, whatever the person granted', (fn, args) => {
    expect(() => rt.run(fn, args as unknown[], limited)).toThrow(
      /You do not have permission to call/,
    );
    expect(() => rt.run(fn, args as unknown[], { mode: 'menu' })).not.toThrow(/permission/);
  });
  it('reads and writes its own file, its properties and cache, and builds the menu', () => {
    expect(() => rt.run('probeWrite', [], limited)).not.toThrow();
    expect(() => rt.run('probeSetUserProp', ['v'], limited)).not.toThrow();
    expect(rt.run('probeCachePut', ['k', 'v', 10], limited)).toBeUndefined();
    expect(() => rt.run('probeUi', [], limited)).not.toThrow();
  });
  it('refuses e-mail', () => {
    const mail = mailRuntime();
    try {
      expect(() => mail.run('probeMail', ['a@client.com'], limited)).toThrow(
        'You do not have permission to call MailApp.sendEmail',
      );
    } finally {
      mail.close();
    }
  });
});

describe('P3 a file in a shared drive has no owner', () => {
  it('getOwner() is null there, and the owner’s address elsewhere', () => {
    expect(rt.run('probeOwner', [], { mode: 'menu' })).toBe(rt.owner);
    rt.spreadsheet.owner = null;
    expect(rt.run('probeOwner', [], { mode: 'menu' })).toBeNull();
  });
});

describe('P5 each property store is shared as Google says', () => {
  type Props = GoogleAppsScript.Properties.PropertiesService;
  const props = () => (globalThis as unknown as { PropertiesService: Props }).PropertiesService;
  const [ANA, BEN] = ['ana@x.example', 'ben@x.example'];

  it('script properties are every user’s, in every file; user properties each one’s own', () => {
    const other = rt.addSpreadsheet('Other');
    rt.within(
      () => {
        props().getScriptProperties().setProperty('shared', 'by ana');
        props().getUserProperties().setProperty('own', 'by ana');
      },
      { user: ANA },
    );
    const seen = rt.within(
      () => [
        props().getScriptProperties().getProperty('shared'),
        props().getUserProperties().getProperty('own'),
      ],
      { user: BEN, spreadsheet: other },
    );
    expect(seen).toEqual(['by ana', null]);
  });

  it('document properties are the open file’s, every user’s there, and none in an add-on’s trigger', () => {
    rt.within(() => props().getDocumentProperties()!.setProperty('doc', 'here'), { user: ANA });
    expect(
      rt.within(() => props().getDocumentProperties()?.getProperty('doc'), { user: BEN }),
    ).toBe('here');
    expect(rt.within(() => props().getDocumentProperties(), { mode: 'trigger' })).toBeNull();
  });
});

describe('T4 an hourly trigger runs every 1, 2, 4, 6, 8 or 12 hours', () => {
  it.each([1, 2, 4, 6, 8, 12])('takes %i', (n) => {
    expect(() => rt.run('probeHourTrigger', [n], { mode: 'menu' })).not.toThrow();
  });
  it.each([3, 5, 24])('refuses %i', (n) => {
    expect(() => rt.run('probeHourTrigger', [n], { mode: 'menu' })).toThrow(
      'The value passed to everyHours must be 1, 2, 4, 6, 8 or 12.',
    );
  });
});

describe('C1 a custom function reads and nothing more', () => {
  it('refuses openById (no authorised services), writes and triggers', () => {
    const other = rt.addSpreadsheet('Other');
    expect(() => rt.customFunction('probeOpenById', other.id)).toThrow(
      'You do not have permission to call SpreadsheetApp.openById',
    );
    expect(() => rt.customFunction('probeWrite')).toThrow(/permission to call Range.setValues/);
    expect(() => rt.customFunction('probeTrigger')).toThrow(/permission to call ScriptApp/);
    expect(() => rt.customFunction('probeRead')).not.toThrow();
  });
  it('is stopped at 30 seconds', () => {
    expect(() => rt.customFunction('probeSleepForever')).toThrow('Exceeded maximum execution time');
  });
});

describe('D1 developer metadata is kept in the file, for every editor, within its size', () => {
  it('one user writes it and another reads it; a custom function may not write it', () => {
    rt.run('probeMetadataAdd', ['vis.schedule.s1', '{"paused":true}']);
    expect(rt.run('probeMetadataRead', [], { user: 'editor@example.com' })).toBe(
      'vis.schedule.s1={"paused":true}',
    );
    expect(() => rt.run('probeMetadataAdd', ['k', 'v'], { mode: 'custom-function' })).toThrow(
      /permission/i,
    );
  });

  it('keeps an entry DOCUMENT-visible unless it is written PROJECT-visible (D2)', () => {
    expect(rt.run('probeMetadataAddProject', ['k', 'v'])).toBe('PROJECT');
    rt.run('probeMetadataAdd', ['k2', 'v2']);
    expect(rt.spreadsheet.getDeveloperMetadata().map((md) => md.visibility)).toEqual([
      'PROJECT',
      'DOCUMENT',
    ]);
  });

  it('shows the add-on another project’s DOCUMENT-visible entries, never its PROJECT-visible ones (D2)', () => {
    rt.spreadsheet.addForeignDeveloperMetadata('editors-script', 'seen', 'd', 'DOCUMENT');
    rt.spreadsheet.addForeignDeveloperMetadata('editors-script', 'hidden', 'p', 'PROJECT');
    rt.run('probeMetadataAddProject', ['own', 'v']);
    expect(rt.spreadsheet.getDeveloperMetadata().map((md) => md.getKey())).toEqual(['seen', 'own']);
  });

  it('refuses what would pass 30,000 characters in a spreadsheet', () => {
    rt.run('probeMetadataAdd', ['a', 'x'.repeat(29000)]);
    expect(() => rt.run('probeMetadataAdd', ['b', 'x'.repeat(1000)])).toThrow(
      'Developer metadata is too large',
    );
  });
});

describe('U3 Utilities: an HMAC-SHA256 as Java’s signed bytes, web-safe base64 with padding', () => {
  it('signs as RFC 2104 does, and encodes with - and _', () => {
    const { bytes, text } = rt.run('probeHmac', [
      'The quick brown fox jumps over the lazy dog',
      'key',
    ]) as { bytes: number[]; text: string };
    expect(bytes).toHaveLength(32);
    expect(Math.min(...bytes)).toBeLessThan(0);
    expect(Buffer.from(bytes.map((b) => b & 255)).toString('hex')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    expect(text).toBe('97yD9DBThCSxMpjmqm-xQ-9NWaFJRhdZl0edvC0aPNg=');
  });
});

describe('Q5 property reads and writes: 50,000 a day (consumer), 500,000 (Workspace)', () => {
  const QUOTA = 'Service invoked too many times for one day: properties.';

  it('counts every read and write on any store, per user and day, and refuses past the quota', async () => {
    await rt.close();
    rt = new GasRuntime({ distDir, propertiesDailyQuota: 3 });
    rt.run('probeSetUserProp', ['a']);
    rt.run('probeUserProp');
    rt.run('probeUserProp');
    expect(rt.propertiesUsedToday()).toBe(3);
    expect(() => rt.run('probeUserProp')).toThrow(QUOTA);
    // Another user has a quota of their own; the next day starts again.
    expect(rt.run('probeUserProp', [], { user: 'colleague@gmail.com' })).toBeNull();
    rt.advance(24 * 3600 * 1000);
    expect(rt.run('probeUserProp')).toBe('a');
  });

  it('Q7 a quota resets 24 hours after the day’s first request, not at midnight', async () => {
    await rt.close();
    rt = new GasRuntime({ distDir, propertiesDailyQuota: 2 });
    // The first request at 15:00 UTC opens the window.
    const now = new Date(rt.clock.now());
    rt.advance(((24 + 15 - now.getUTCHours()) % 24) * 3600_000 - now.getUTCMinutes() * 60_000);
    rt.run('probeSetUserProp', ['a']);
    rt.advance(3600_000);
    rt.run('probeUserProp');
    expect(() => rt.run('probeUserProp')).toThrow(QUOTA);
    // Past midnight UTC the window still holds: 10 hours later, still refused.
    rt.advance(10 * 3600_000);
    expect(() => rt.run('probeUserProp')).toThrow(QUOTA);
    // 24 hours after the first request, the next request opens a new window.
    rt.advance(13 * 3600_000);
    expect(rt.run('probeUserProp')).toBe('a');
  });

  it.each([
    ['owner@gmail.com', false, 50000],
    ['owner@agency.example', false, 50000],
    ['owner@agency.example', true, 500000],
  ])('Q9 the quota of %s (on Workspace: %p) is %i', async (user, workspace, quota) => {
    await rt.close();
    rt = new GasRuntime({ distDir, owner: user, workspaceAccounts: workspace ? [user] : [] });
    rt.propertyUse[rt.quotaWindows.use('properties', user, rt.clock.now())] = quota - 1;
    expect(() => rt.run('probeUserProp', [], { user })).not.toThrow();
    expect(() => rt.run('probeUserProp', [], { user })).toThrow(QUOTA);
  });
});

/** The probe project with the e-mail scope in its manifest. */
function mailRuntime(owner?: string, workspace = false): GasRuntime {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'probe-mail-'));
  copyFileSync(path.join(distDir, 'Code.js'), path.join(dir, 'Code.js'));
  writeFileSync(
    path.join(dir, 'appsscript.json'),
    JSON.stringify({ oauthScopes: ['https://www.googleapis.com/auth/script.send_mail'] }),
  );
  return new GasRuntime({
    distDir: dir,
    ...(owner ? { owner } : {}),
    workspaceAccounts: workspace && owner ? [owner] : [],
  });
}

describe('Q4 e-mail: the daily quota counts recipients, and a malformed address is refused', () => {
  it('spends one per address of a message, and refuses a message past what is left', () => {
    const mail = mailRuntime();
    try {
      // A consumer account: 100 recipients a day.
      expect(
        mail.run('probeMail', ['a@client.com,b@client.com, c@client.com'], { mode: 'menu' }),
      ).toBe(97);
      expect(() => mail.run('probeMail', ['a@client.com,boss'], { mode: 'menu' })).toThrow(
        'Invalid email: boss',
      );
      mail.mail.remaining.set(mail.owner, 2);
      expect(() => mail.run('probeMail', ['a@x.com,b@x.com,c@x.com'], { mode: 'menu' })).toThrow(
        'Service invoked too many times for one day: email.',
      );
      expect(mail.mail.sent).toHaveLength(1);
    } finally {
      mail.close();
    }
  });
});

describe('Q6 e-mail: at most 50 recipients a message', () => {
  it('sends 50, and refuses 51 whole', () => {
    const mail = mailRuntime();
    const to = (n: number) => Array.from({ length: n }, (_, i) => `p${i}@client.com`).join(',');
    try {
      expect(mail.run('probeMail', [to(50)], { mode: 'menu' })).toBe(50);
      expect(() => mail.run('probeMail', [to(51)], { mode: 'menu' })).toThrow(
        'Limit Exceeded: Email Recipients Per Message.',
      );
      expect(mail.mail.sent).toHaveLength(1);
    } finally {
      mail.close();
    }
  });
});

describe('Q8 e-mail: cc and bcc are recipients; a body holds 200 KB (consumer), 400 KB (Workspace)', () => {
  it('spends one per address in to, cc and bcc, and counts them in the 50 a message', () => {
    const mail = mailRuntime();
    const list = (n: number, p: string) =>
      Array.from({ length: n }, (_, i) => `${p}${i}@c.com`).join(',');
    try {
      expect(
        mail.run('probeMailWith', ['a@c.com', 'b@c.com', 'c@c.com,d@c.com', 10], { mode: 'menu' }),
      ).toBe(96);
      expect(() =>
        mail.run('probeMailWith', [list(20, 't'), list(20, 'c'), list(11, 'b'), 10], {
          mode: 'menu',
        }),
      ).toThrow('Limit Exceeded: Email Recipients Per Message.');
      expect(mail.mail.sent).toHaveLength(1);
    } finally {
      mail.close();
    }
  });
  it('refuses a body past 200 KB on a consumer account, and takes it up to 400 KB on Workspace', () => {
    const consumer = mailRuntime();
    const workspace = mailRuntime('ana@agency.example', true);
    try {
      expect(() =>
        consumer.run('probeMailWith', ['a@c.com', '', '', 200 * 1024], { mode: 'menu' }),
      ).not.toThrow();
      expect(() =>
        consumer.run('probeMailWith', ['a@c.com', '', '', 200 * 1024 + 1], { mode: 'menu' }),
      ).toThrow('Limit Exceeded: Email Body Size.');
      expect(() =>
        workspace.run('probeMailWith', ['a@c.com', '', '', 400 * 1024], { mode: 'menu' }),
      ).not.toThrow();
      expect(() =>
        workspace.run('probeMailWith', ['a@c.com', '', '', 400 * 1024 + 1], { mode: 'menu' }),
      ).toThrow('Limit Exceeded: Email Body Size.');
    } finally {
      consumer.close();
      workspace.close();
    }
  });
});

describe('K1 a cache entry may be evicted before it expires', () => {
  it('evicts entries at random, reproducibly for a seed', () => {
    for (let i = 0; i < 100; i++) rt.run('probeCachePut', [`k${i}`, 'v', 21600]);
    const evicted = rt.evictCachesAtRandom(0.5, 7);
    const left = Array.from({ length: 100 }, (_, i) => rt.run('probeCacheGet', [`k${i}`])).filter(
      (v) => v === 'v',
    ).length;
    expect(evicted).toBeGreaterThan(30);
    expect(evicted).toBeLessThan(70);
    expect(left).toBe(100 - evicted);
  });
});

describe('K2, K3 a cache holds 1,000 items; the script cache is every user’s', () => {
  /** 1,000 items, each written to live shorter than the one before, then one more. */
  function overfill(runtime: GasRuntime): Array<unknown> {
    for (let i = 0; i < 1000; i++) runtime.run('probeCachePut', [`k${i}`, 'v', 21000 - i]);
    expect(runtime.run('probeCacheGet', ['k0'])).toBe('v');
    runtime.run('probeCachePut', ['one-more', 'v', 21600]);
    expect(runtime.run('probeCacheGet', ['one-more'])).toBe('v');
    return Array.from({ length: 1000 }, (_, i) => runtime.run('probeCacheGet', [`k${i}`]));
  }
  it('K3 as measured: the oldest written go, about 100 at once, whatever their expiry', () => {
    const kept = overfill(rt);
    expect(kept.slice(0, 101).every((v) => v === null)).toBe(true);
    expect(kept.slice(101).every((v) => v === 'v')).toBe(true);
  });
  it('K2 as documented: the 900 farthest from expiration stay', () => {
    const docs = new GasRuntime({ distDir, cacheEviction: 'expiry' });
    try {
      const kept = overfill(docs);
      expect(kept.slice(0, 899).every((v) => v === 'v')).toBe(true);
      expect(kept.slice(899).every((v) => v === null)).toBe(true);
    } finally {
      docs.close();
    }
  });
  it('K3 an item written again counts as written last', () => {
    for (let i = 0; i < 1000; i++) rt.run('probeCachePut', [`k${i}`, 'v', 21600]);
    rt.run('probeCachePut', ['k0', 'again', 21600]);
    rt.run('probeCachePut', ['one-more', 'v', 21600]);
    expect(rt.run('probeCacheGet', ['k0'])).toBe('again');
    expect(rt.run('probeCacheGet', ['k1'])).toBeNull();
  });
  it('is pushed out by other users’ items in the shared script cache', () => {
    rt.run('probeCachePut', ['mine', 'v', 600]);
    rt.scriptCache.fillAsOthers(1000, 21600);
    expect(rt.run('probeCacheGet', ['mine'])).toBeNull();
  });
});

describe('X1 a user runs at most 30 executions at once', () => {
  /** Starts `count` executions inside one another, each paused at its first cache read. */
  function nested(count: number, atBottom: () => void): void {
    rt.run('probeCacheGet', ['k'], {
      interleave: {
        at: { call: 'Cache.get', nth: 1 },
        run: () => (count > 1 ? nested(count - 1, atBottom) : atBottom()),
      },
    });
  }

  it('refuses the 31st with the message Google gives', () => {
    expect(() => nested(31, () => undefined)).toThrow('There are too many scripts running.');
    expect(() => nested(30, () => undefined)).not.toThrow();
  });

  it('X4 a script runs at most 1,000 at once, all its users together: the 1,001st is refused', () => {
    rt.othersRunning = 999;
    expect(rt.run('probeCacheGet', ['k'])).toBeNull();
    expect(() => nested(2, () => undefined)).toThrow('There are too many scripts running.');
    rt.othersRunning = 1000;
    expect(() => rt.run('probeCacheGet', ['k'], { user: 'someone@agency.example' })).toThrow(
      'There are too many scripts running.',
    );
  });

  it('another user has 30 of their own', () => {
    let inner: unknown = 'not run';
    nested(30, () => {
      inner = rt.run('probeCacheGet', ['k'], { user: 'colleague@gmail.com' });
    });
    expect(inner).toBeNull();
  });
});

describe('X2 executions at once interleave at any service call', () => {
  /** `fn` as `user`, paused at its cache write while a second execution runs `fn` as `other`. */
  const twoAtOnce = (
    fn: string,
    scope = 'user',
    other = { user: rt?.owner, afterLocks: false },
  ) => {
    rt.run('probeCachePut', ['count', '0', 600]);
    let second: unknown = null;
    const first = rt.run(fn, [1, scope], {
      interleave: {
        at: { call: 'Cache.put', nth: 1 },
        run: () => void (second = rt.run(fn, [10, scope], { user: other.user })),
        afterLocks: other.afterLocks,
      },
    });
    return { first, second, count: rt.run('probeCacheGet', ['count']) };
  };

  it('a read-add-write without a lock loses the other execution’s update', () => {
    expect(twoAtOnce('probeCountNaive').count).toBe('1');
  });

  it('L2 under a lock the other is refused after its wait, or starts once it is let go: nothing is lost', () => {
    const at = rt.clock.now();
    expect(twoAtOnce('probeCountLocked')).toEqual({ first: 'counted', second: 'busy', count: '1' });
    expect(rt.clock.now() - at).toBeGreaterThanOrEqual(2000);
    const later = { user: rt.owner, afterLocks: true };
    expect(twoAtOnce('probeCountLocked', 'user', later)).toEqual({
      first: 'counted',
      second: 'counted',
      count: '11',
    });
  });

  it('L3 a user lock is each user’s own; the document and script locks are everybody’s', () => {
    const ben = { user: 'ben@agency.example', afterLocks: false };
    // Ana's user lock does not keep Ben out: both count, and Ana's write loses Ben's.
    expect(twoAtOnce('probeCountLocked', 'user', ben)).toEqual({
      first: 'counted',
      second: 'counted',
      count: '1',
    });
    expect(twoAtOnce('probeCountLocked', 'document', ben)).toMatchObject({ second: 'busy' });
    expect(twoAtOnce('probeCountLocked', 'script', ben)).toMatchObject({ second: 'busy' });
  });

  it('L3 code asking for no lock, or another lock, is never held up by a lock held', () => {
    let naive: unknown = 'not run';
    rt.run('probeCountLocked', [1, 'document'], {
      interleave: {
        at: { call: 'Cache.put', nth: 1 },
        run: () => {
          naive = rt.run('probeCountNaive', [10]);
          expect(rt.run('probeCountLocked', [100, 'user'], { user: 'ben@agency.example' })).toBe(
            'counted',
          );
        },
      },
    });
    expect(naive).toBeUndefined();
  });

  it('L3 a document lock is the document’s: another document’s runs are not held up', () => {
    const other = rt.addSpreadsheet('Other');
    let second: unknown = null;
    rt.run('probeCountLocked', [1, 'document'], {
      interleave: {
        at: { call: 'Cache.put', nth: 1 },
        run: () =>
          void (second = rt.run('probeCountLocked', [10, 'document'], { spreadsheet: other })),
      },
    });
    expect(second).toBe('counted');
  });
});

describe('SL1-SL4 Google Slides: its scope, its daily quota, hex colours, image addresses', () => {
  /** The probe bundle with a manifest that asks for `scopes`. */
  function withScopes(scopes: string[]): GasRuntime {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'probe-slides-'));
    copyFileSync(path.join(distDir, 'Code.js'), path.join(dir, 'Code.js'));
    writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify({ oauthScopes: scopes }));
    return new GasRuntime({ distDir: dir });
  }
  const SLIDES = 'https://www.googleapis.com/auth/presentations';

  it('SL1 refuses every call without the presentations scope, and in a custom function', () => {
    expect(() => rt.run('probeSlides', ['#112233'], { mode: 'menu' })).toThrow(
      `You do not have permission to call SlidesApp.create. Required permissions: ${SLIDES}`,
    );
    const scoped = withScopes([SLIDES]);
    try {
      expect(() => scoped.customFunction('probeSlides', '#112233')).toThrow(/permission/);
    } finally {
      scoped.close();
    }
  });

  it('SL2-SL4 makes a 720 x 405 deck with one slide more, counts it, and refuses bad colours and images', () => {
    const scoped = withScopes([SLIDES]);
    try {
      const [id, width, height, slides] = scoped.run('probeSlides', ['#112233'], {
        mode: 'menu',
      }) as [string, number, number, number];
      expect([width, height, slides]).toEqual([720, 405, 2]);
      expect(scoped.run('probeOpenDeck', [id], { mode: 'menu' })).toBe('Probe');
      // SL3: a deck of one's own is renamed in place (its id and link unchanged).
      expect(scoped.run('probeRenameDeck', [id, 'Acme: week 48'], { mode: 'menu' })).toBe(
        'Acme: week 48',
      );
      expect(() => scoped.run('probeOpenDeck', ['nope'], { mode: 'menu' })).toThrow(
        /No item with the given ID could be found/,
      );
      expect(() => scoped.run('probeSlides', ['blue'], { mode: 'menu' })).toThrow(
        /not a valid hex color/,
      );
      expect(() =>
        scoped.run('probeSlides', ['#112233', 'file:///etc/logo.png'], { mode: 'menu' }),
      ).toThrow(/public http\(s\) address/);
      // Consumer accounts: 250 presentations a day; three were made above.
      scoped.slides.quota.set(scoped.owner, 3);
      expect(() => scoped.run('probeSlides', ['#112233'], { mode: 'menu' })).toThrow(
        'Service invoked too many times for one day: presentations create.',
      );
    } finally {
      scoped.close();
    }
  });
});

describe('T1 an add-on has one trigger of each type per user per document, for its own file', () => {
  it('a second form-submit trigger in the file is refused; a clock trigger beside it is not', () => {
    rt.run('probeFormTrigger', [], { mode: 'menu' });
    expect(() => rt.run('probeFormTrigger', [], { mode: 'menu' })).toThrow(
      /too many form-submit triggers in this document/,
    );
    expect(rt.run('probeTrigger', [], { mode: 'menu' })).toBe(2);
    // A colleague on the same file has their own.
    rt.run('probeFormTrigger', [], { mode: 'menu', user: 'colleague@gmail.com' });
    expect(rt.triggers.formSubmitTriggers(rt.spreadsheet.id)).toHaveLength(2);
  });
  it('a trigger on another file is refused', () => {
    expect(() => rt.run('probeFormTrigger', ['another-file'], { mode: 'menu' })).toThrow(
      'Add-ons can only create triggers for the file in which the add-on is used.',
    );
  });
});

describe('T2 a form response fires each form-submit trigger on its file, as its creator', () => {
  const responses = (user: string) =>
    JSON.parse(rt.userProperties(user).data.responses ?? '[]') as Array<Record<string, unknown>>;
  it('with the row as range, values and namedValues as text, and no active spreadsheet', () => {
    const uid = rt.run('probeFormTrigger', [], { mode: 'menu' });
    rt.run('probeFormTrigger', [], { mode: 'menu', user: 'colleague@gmail.com' });
    const row = rt.submitForm('Form Responses 1', { Website: 'acme.com', Email: 'jo@acme.com' });
    expect(row).toBe(2);
    const sheet = rt.spreadsheet.getSheetByName('Form Responses 1')!;
    expect(sheet.getRange(1, 1, 1, 3).getValues()[0]).toEqual(['Timestamp', 'Website', 'Email']);
    expect(sheet.getRange(2, 1).getValue()).toBeInstanceOf(Date);
    const [seen] = responses(rt.owner);
    expect(seen).toMatchObject({
      row: 2,
      sheet: 'Form Responses 1',
      book: rt.spreadsheet.id,
      uid,
      mode: 'FULL',
      active: 'no',
      named: { Website: ['acme.com'], Email: ['jo@acme.com'] },
    });
    expect((seen!.values as string[]).slice(1)).toEqual(['acme.com', 'jo@acme.com']);
    expect(responses('colleague@gmail.com')).toHaveLength(1);
  });
  it('a second response goes below the first; a lost or repeated firing is the runtime’s fault to inject', () => {
    rt.run('probeFormTrigger', [], { mode: 'menu' });
    rt.submitForm('Responses', { Website: 'a.com' }, { events: 0 });
    expect(rt.submitForm('Responses', { Website: 'b.com' }, { events: 2 })).toBe(3);
    expect(responses(rt.owner).map((r) => r.row)).toEqual([3, 3]);
  });
  it('T6 a sheet a form writes to names its form; a sheet no form fills has none', () => {
    rt.submitForm('Responses', { Website: 'a.com' });
    const linked = rt.spreadsheet.getSheetByName('Responses')!.getFormUrl();
    expect(linked).toMatch(/^https:\/\/docs\.google\.com\/forms\/d\/[0-9a-f]+\/viewform$/);
    expect(rt.spreadsheet.insertSheet('CRM').getFormUrl()).toBeNull();
  });
  it('T5 every trigger of a burst fires, also after one that never reached the overlap call', () => {
    rt.run('probeFormTrigger', [], { mode: 'menu' });
    // The probe's handler makes no URL fetch: no execution reaches the overlap call.
    rt.submitFormBurst(
      'Responses',
      [{ Website: 'a.com' }, { Website: 'b.com' }, { Website: 'c.com' }],
      { at: 'UrlFetchApp.fetchAll' },
    );
    expect(responses(rt.owner).map((r) => r.row)).toEqual([2, 3, 4]);
  });
  it('a disabled add-on’s form-submit trigger stays silent (A3)', () => {
    rt.run('probeFormTrigger', [], { mode: 'menu' });
    rt.triggers.disableAddonIn(rt.owner, rt.spreadsheet.id);
    rt.submitForm('Responses', { Website: 'a.com' });
    expect(responses(rt.owner)).toHaveLength(0);
  });
});

describe('P2 a protected range or sheet: only its editors and the file’s owner may write it', () => {
  const PROTECTED =
    'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';
  const BEN = 'ben@agency.example';

  it('refuses a write by anyone else with Google’s message; an editor and the owner write', () => {
    rt.spreadsheet.owner = 'cam@agency.example';
    rt.spreadsheet.activeSheet.probe.protect('A1:B2', [BEN], 'Headers: ask Ben');
    expect(() => rt.run('probeWrite')).toThrow(PROTECTED);
    expect(() => rt.run('probeWrite', [], { user: BEN })).not.toThrow();
    expect(() => rt.run('probeWrite', [], { user: 'cam@agency.example' })).not.toThrow();
    // What the person may do, and who may let them.
    expect(rt.run('probeProtections')).toEqual([
      ['A1:B2', 'Headers: ask Ben', false, ['cam@agency.example', BEN]],
    ]);
  });

  it('a protected sheet refuses an appended row; a form’s response (no script) still arrives', () => {
    rt.spreadsheet.owner = 'cam@agency.example';
    const sheet = rt.spreadsheet.activeSheet;
    sheet.probe.protect(null, [BEN]);
    expect(() => rt.run('probeWrite')).toThrow(PROTECTED);
    const row = rt.submitForm(sheet.getName(), { Website: 'nike.com' }, { events: 0 });
    expect(sheet.probe.rows[row - 1]!.map((c) => c.value)).toContain('nike.com');
  });
});

describe('V1 to V3 data validation: a rule warns by default; a rejecting one refuses the whole write', () => {
  const VIOLATES = (cell: string) =>
    `The data you entered in cell ${cell} violates the data validation rules set on this cell.`;
  const values = () => rt.spreadsheet.activeSheet.probe.rows.map((r) => r.map((c) => c.value));

  it('V1 a new rule only warns: any value is written, and the rule stays as values come and go', () => {
    rt.run('probeValidate', ['B1:B3', 'CHECKBOX', []]);
    rt.run('probeSetValues', ['A1:B1', [['x', 'not a box']]]);
    rt.run('probeSetValues', ['B1:B1', [['']]]);
    expect(rt.run('probeRules', ['B1:C1'])).toEqual([[['CHECKBOX', true], null]]);
  });

  it.each([
    ['CHECKBOX', [], [[true], [false]], 'Yes'],
    ['VALUE_IN_LIST', [['New', 'Called'], true], [['New'], ['Called']], 'Sent 2026-11-28'],
    ['NUMBER_BETWEEN', [0, 100], [[0], [100]], 101],
    ['DATE_IS_VALID_DATE', [], [[new Date('2026-11-28T00:00:00Z')], ['']], 'soon'],
    ['TEXT_IS_VALID_EMAIL', [], [['ana@agency.example'], ['']], 'ana at agency'],
  ])(
    'V2 %s rejecting: its values pass, one failing value refuses the whole block with Google’s words',
    (criteria, args, good, bad) => {
      rt.run('probeValidate', ['B1:B2', criteria, args, false]);
      rt.run('probeSetValues', ['B1:B2', good]);
      const before = values();
      expect(() => rt.run('probeSetValues', ['A2:B2', [['kept?', bad]]])).toThrow(VIOLATES('B2'));
      expect(values()).toEqual(before);
      expect(rt.run('probeRules', ['B1'])).toEqual([[[criteria, false]]]);
    },
  );

  it('V2 a blank always passes; appendRow and a person’s typing are refused as a write is', () => {
    rt.run('probeValidate', ['B1:B1000', 'CHECKBOX', [], false]);
    expect(() => rt.run('probeSetValues', ['B5', [['']]])).not.toThrow();
    expect(() => rt.run('probeAppend', [['acme.com', '2026-11-28']])).toThrow(VIOLATES('B1'));
    expect(() => rt.spreadsheet.activeSheet.typeIn(3, 2, 'maybe')).toThrow(VIOLATES('B3'));
    rt.run('probeAppend', [['acme.com', true]]);
    expect(values()).toEqual([['acme.com', true]]);
  });

  it('V3 a custom formula passes nothing but blanks unless a test says what it accepts', () => {
    const sheet = rt.spreadsheet.activeSheet;
    const rule = new DataValidationBuilder()
      .requireFormulaSatisfied('=LEN(B1)<5')
      .setAllowInvalid(false)
      .acceptingWhen((v) => String(v).length < 5);
    sheet.getRange('B1:B2').setDataValidation(rule.build());
    expect(() => rt.run('probeSetValues', ['B1:B2', [['ok'], ['far too long']]])).toThrow(
      VIOLATES('B2'),
    );
    sheet
      .getRange('C1')
      .setDataValidation(
        new DataValidationBuilder()
          .requireFormulaSatisfied('=C1<>""')
          .setAllowInvalid(false)
          .build(),
      );
    expect(() => rt.run('probeSetValues', ['C1', [['anything']]])).toThrow(VIOLATES('C1'));
  });
});

describe('G15 text written to a cell is read as Sheets reads typing, in the spreadsheet’s locale', () => {
  const at = (iso: string) => new Date(iso);
  const write = (text: string) => {
    rt.run('probeSetValues', ['A1', [[text]]]);
    return rt.spreadsheet.activeSheet.probe.rows[0]![0]!;
  };
  it.each([
    ['TRUE', true],
    ['false', false],
    ['00123', 123],
    ['1,234', 1234],
    ['1,234.5', 1234.5],
    ['12%', 0.12],
    ['$5', 5],
    ['1e3', 1000],
    ['-7', -7],
    ['2026-01-02', at('2026-01-02T00:00:00Z')],
    ['1/2/2026', at('2026-01-02T00:00:00Z')],
    ['10:30', at('1899-12-30T10:30:00Z')],
    ['Acme', 'Acme'],
    ['1,5', '1,5'],
    ['13/40', '13/40'],
    ["'TRUE", 'TRUE'],
    ["'00123", '00123'],
  ])('en_US: %p is kept as %p', (text, value) => {
    expect(write(text).value).toEqual(value);
  });

  it('a month and day without a year is a date this year: a scan’s progress 3/12 is 12 March', () => {
    const year = new Date(rt.clock.now()).getUTCFullYear();
    expect(write('3/12').value).toEqual(new Date(Date.UTC(year, 2, 12)));
    expect((rt.run('probeRead') as unknown[][])[0]![0]).toBeInstanceOf(Date);
  });

  it.each([
    ['WAHR', true],
    ['1,5', 1.5],
    ['1.234,5', 1234.5],
    ['2.1.2026', at('2026-01-02T00:00:00Z')],
    ['5 €', 5],
    ['TRUE', 'TRUE'],
  ])('de_DE: %p is kept as %p', (text, value) => {
    rt.spreadsheet.locale = 'de_DE';
    expect(write(text).value).toEqual(value);
  });

  it('a date is midnight in the spreadsheet’s zone, and shown by the format Sheets gives it', () => {
    rt.spreadsheet.timeZone = 'Europe/Paris';
    const cell = write('2026-07-14');
    expect(cell.value).toEqual(at('2026-07-13T22:00:00Z'));
    expect(rt.run('probeDisplay')).toBe('7/14/2026');
  });
});

describe('P4 protection stops changes of structure too, for anyone it leaves out', () => {
  const PROTECTED =
    'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';
  const BEN = 'ben@agency.example';
  const ALL = [
    'deleteRows',
    'deleteLowRows',
    'insertRowsAfter',
    'insertColumnsAfter',
    'sort',
    'rangeSort',
    'clearContents',
    'setName',
    'setFrozenRows',
    'deleteSheet',
  ];
  beforeEach(() => {
    rt.spreadsheet.owner = 'cam@agency.example';
    const sheet = rt.spreadsheet.activeSheet;
    sheet.probe.rows = Array.from({ length: 9 }, (_, i) => [{ value: `r${i}` }, { value: i }]);
  });

  it.each(ALL)('a protected sheet refuses %s to anyone else, and lets its editor', (op) => {
    rt.spreadsheet.activeSheet.probe.protect(null, [BEN]);
    expect(() => rt.run('probeStructure', [op])).toThrow(PROTECTED);
    expect(rt.run('probeStructure', [op], { user: BEN })).toBe('done');
  });

  it.each([
    ['deleteRows', false],
    ['deleteLowRows', true],
    ['insertRowsAfter', true],
    ['insertColumnsAfter', true],
    ['sort', false],
    ['rangeSort', false],
    ['clearContents', false],
    ['setName', true],
    ['setFrozenRows', true],
    ['deleteSheet', false],
  ])('a protected range A2:B3 lets %s through: %p', (op, allowed) => {
    rt.spreadsheet.activeSheet.probe.protect('A2:B3', [BEN]);
    const run = () => rt.run('probeStructure', [op]);
    if (allowed) expect(run()).toBe('done');
    else expect(run).toThrow(PROTECTED);
  });
});

describe('X3 a formula filled down is one execution per cell, all started at once', () => {
  it('past the user’s 30, a recalculation’s cells show #ERROR! with Apps Script’s refusal; one formula over the column does not', () => {
    const sheet = rt.spreadsheet.activeSheet;
    sheet.probe.rows = Array.from({ length: 40 }, (_, i) => [
      { value: i },
      { value: '', formula: `=PROBE_DOUBLE(A${i + 1})` },
    ]);
    rt.recalculate();
    const shown = sheet.probe.rows.map((r) => r[1]!.value);
    expect(shown.slice(0, 30)).toEqual(Array.from({ length: 30 }, (_, i) => i * 2));
    expect(new Set(shown.slice(30))).toEqual(new Set(['#ERROR!']));
    expect(rt.formulaError(sheet, 31, 2)).toBe('There are too many scripts running.');
    // The same forty rows as one formula: one execution, every row answered.
    sheet.probe.rows = Array.from({ length: 40 }, (_, i) => [{ value: i }]);
    sheet.probe.place(1, 2, { value: '', formula: '=PROBE_DOUBLE(A1:A40)' });
    rt.recalculate();
    expect(sheet.probe.rows.map((r) => r[1]!.value)).toEqual(
      Array.from({ length: 40 }, (_, i) => i * 2),
    );
  });
});

describe('U4 one URL fetch sends at most 100 headers, 8 KB of them, a 50 MB POST, by a method UrlFetchApp knows', () => {
  const url = 'https://nowhere.invalid/x';
  const headers = (n: number, size = 1) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-${i}`, 'v'.repeat(size)]));
  it.each([
    [{ headers: headers(101) }, 'Limit Exceeded: URLFetch Headers.'],
    [{ headers: headers(2, 4100) }, 'Limit Exceeded: URLFetch Header Size.'],
    [
      { method: 'post', payload: 'x'.repeat(50 * 1024 * 1024 + 1) },
      'Limit Exceeded: URLFetch POST Size.',
    ],
    [{ method: 'propfind' }, 'Invalid argument: method (propfind)'],
  ])('refuses %#, before anything is sent', (params, message) => {
    expect(() => rt.run('probeFetchWith', [url, params])).toThrow(message);
  });
});

describe('X5 one person’s URL fetch calls come too fast when a test sets the pace Google does not publish', () => {
  // Each call is refused after the pace check (an unknown method), so nothing leaves the machine.
  const call = (user?: string) => () =>
    rt.run('probeFetchWith', ['https://nowhere.invalid/x', { method: 'propfind' }], {
      ...(user ? { user } : {}),
    });
  it('refuses the third call in a second with Google’s words, and not once the second is past', () => {
    rt = new GasRuntime({ distDir, fetchCallsPerSecond: 2 });
    expect(call()).toThrow('Invalid argument');
    expect(call()).toThrow('Invalid argument');
    expect(call()).toThrow(
      'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
    );
    expect(call('colleague@gmail.com')).toThrow('Invalid argument');
    rt.clock.advance(1000);
    expect(call()).toThrow('Invalid argument');
  });
  it('is not enforced where no test sets it', () => {
    rt = new GasRuntime({ distDir });
    for (let i = 0; i < 50; i++) expect(call()).toThrow('Invalid argument');
  });
});

describe('E7 google.script.run refuses a Map, a Set and NaN too, where JSON would change them silently', () => {
  it.each([
    ['map', /cannot carry a Map/],
    ['set', /cannot carry a Set/],
    ['nan', /cannot carry NaN/],
  ])('%s is refused', (kind, message) => {
    expect(() => rt.runFromSidebar('probeReturns', [kind])).toThrow(message);
  });
  it('a plain object crosses', () => {
    expect(rt.runFromSidebar('probeReturns', ['plain'])).toEqual({ score: 1 });
  });
});

describe('E8 Utilities.sleep sleeps at most 5 minutes', () => {
  it('refuses more than 300,000 ms', () => {
    expect(() => rt.run('probeSleep', [300_001])).toThrow('Invalid argument: milliseconds');
  });
});

describe('G16 sheet names are unique whatever their case', () => {
  it('refuses "leads" beside "Leads"', () => {
    rt.run('probeInsertSheet', ['Leads']);
    expect(() => rt.run('probeInsertSheet', ['leads'])).toThrow(
      'A sheet with the name "leads" already exists. Please enter another name.',
    );
  });
});

describe('E9 a Sheets call costs the execution time', () => {
  it('50,000 calls one by one take at least 100 s of the 6 minutes; 200,000 pass them', () => {
    expect(rt.run('probeCallsOneByOne', [50_000])).toBeGreaterThanOrEqual(100_000);
    expect(() => rt.run('probeCallsOneByOne', [200_000])).toThrow(
      'Exceeded maximum execution time',
    );
  });
});
