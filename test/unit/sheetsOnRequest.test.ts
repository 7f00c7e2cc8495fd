// Going to a place and the sheets made on request, on the memory kit: a listed row, the way back
// to a list, the example sheet (scored by the service's emulator in process), and the templates.
import { returnIn, selectRowIn } from '../../src/addon/attention';
import { EXAMPLE_SHEET, EXAMPLE_SITES, exampleWith } from '../../src/addon/example';
import { templateIn } from '../../src/addon/templates';
import { SCORE_COLUMNS } from '../../src/domain/scoreColumns';
import { SHEETS } from '../../src/domain/sheetNames';
import { MONITOR_COLUMNS, MONITOR_HOW_TO, MONITOR_SHEET } from '../../src/domain/scanWatch';
import { memoryFile, memoryKit, transportOver } from '../../dev/memoryKit';
import { inProcessEmulator } from '../../dev/emulator/inProcess';
import { headerNotes } from '../../dev/memoryTables';

/** A memory spreadsheet with a list of 10 rows, the person on its block of websites. */
function spreadsheet(emu?: ReturnType<typeof inProcessEmulator>) {
  const file = memoryFile('on-request');
  file.sheets.set('Prospects', [
    ['Website'],
    ...Array.from({ length: 9 }, (_, i) => [`s${i}.com`]),
  ]);
  file.view = { sheet: 'Prospects', a1: 'A2:A10' };
  const service = emu && { transport: transportOver(emu.transport), baseUrl: emu.baseUrl };
  return { file, kit: memoryKit({ file, ...service }) };
}

describe('going to a place', () => {
  it('selects a listed row within the list, never its header or past its end', () => {
    const { kit, file } = spreadsheet();
    const went = [1, 2, 10, 11].map((row) => {
      const shown = selectRowIn(kit, 'Prospects', row);
      return shown && file.view.a1;
    });
    expect(went).toEqual([false, '2:2', '10:10', false]);
    expect(selectRowIn(kit, 'Renamed', 2)).toBe(false);
    expect(file.view).toEqual({ sheet: 'Prospects', a1: '10:10' });
  });

  it('goes back to the block the person had selected; a deleted list says so', () => {
    const { kit, file } = spreadsheet();
    file.sheets.set('Notes', [['Anything']]);
    file.view = { sheet: 'Notes', a1: '' };
    expect(returnIn(kit, { sheetName: 'Prospects', a1: 'A2:A9' })).toBe(true);
    expect(file.view).toEqual({ sheet: 'Prospects', a1: 'A2:A9' });
    expect(returnIn(kit, { sheetName: 'Gone', a1: 'B2:B9' })).toBe(false);
    expect(file.view.sheet).toBe('Prospects');
  });
});

describe('the example sheet', () => {
  const world = () => {
    const { kit, file } = spreadsheet(inProcessEmulator());
    const sites = () => (file.sheets.get(EXAMPLE_SHEET) ?? []).map((r) => r[0]);
    const logs = () => kit.log.recent(10).map((e) => [e.action, e.rows]);
    return { p: kit, file, logs, sites };
  };

  it('fills a new sheet with ten brands, shows it, scores them, logs it and offers the way back', () => {
    const { p, file, logs, sites } = world();
    const r = exampleWith(p);
    expect(sites()).toEqual(['Website', ...EXAMPLE_SITES]);
    expect(file.view.sheet).toBe(EXAMPLE_SHEET);
    expect(r).toMatchObject({ state: 'done', backTo: { sheetName: 'Prospects', a1: 'A2:A10' } });
    expect(r.message).toMatch(/^The "Visibility example" sheet shows ten brands' public scores/);
    expect(logs()).toEqual([['insert example', 10]]);
  });

  it('leaves a sheet already filled as it is; from the example itself there is no way back', () => {
    const { p, file, sites } = world();
    file.sheets.set(EXAMPLE_SHEET, [['Website'], ['mine.com']]);
    file.view = { sheet: EXAMPLE_SHEET, a1: 'A2' };
    const r = exampleWith(p);
    expect(sites()).toEqual(['Website', 'mine.com']);
    expect(r.backTo).toBeNull();
  });

  it('a sheet that lost its Website column says how to start again, and logs nothing', () => {
    const { p, file, logs } = world();
    file.sheets.set(EXAMPLE_SHEET, [['Site'], ['mine.com']]);
    expect(exampleWith(p)).toMatchObject({ state: 'nothing', message: /lost its Website column/ });
    expect(logs()).toEqual([]);
  });
});

describe('templates', () => {
  const { kit, file } = spreadsheet();
  const header = (name: string) => file.sheets.get(name)?.[0];

  it('makes a prospect list with the person’s columns first, then the score columns, its first row selected', () => {
    expect(templateIn(kit, 'prospects').state).toBe('done');
    expect(header(SHEETS.prospects.name)).toEqual([
      'Website',
      'Company',
      'Contact',
      'Email',
      ...Object.values(SCORE_COLUMNS).map((c) => c.header),
    ]);
    expect(file.view).toEqual({ sheet: SHEETS.prospects.name, a1: 'A2' });
  });

  it('makes the scan monitor with its how-to as a note; a second press changes nothing', () => {
    const r = templateIn(kit, 'monitor');
    const grid = file.sheets.get(MONITOR_SHEET)!;
    expect(header(MONITOR_SHEET)).toEqual(Object.values(MONITOR_COLUMNS).map((c) => c.header));
    expect([...headerNotes(grid).values()]).toEqual([MONITOR_HOW_TO]);
    expect(r.message).toContain(MONITOR_HOW_TO);
    const sheets = file.sheets.size;
    expect(templateIn(kit, 'monitor')).toMatchObject({
      state: 'nothing',
      message: /already exists/,
    });
    expect(file.sheets.size).toBe(sheets);
    expect(file.sheets.get(MONITOR_SHEET)).toHaveLength(1);
  });
});
