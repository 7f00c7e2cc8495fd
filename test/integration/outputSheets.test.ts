// The add-on's own sheets are never a list: Score, Generate, pitches, contacted and freeze refuse
// there in one line naming the sheet, and write nothing (a marketer once marked the Comparison
// sheet's rows contacted, and the follow-ups counted them).
import { INDEX } from '../../dev/emulator/brandIndex';
import { freezeFromMenu } from '../menuApi';
import { OUTPUT_SHEETS } from '../../src/domain/outputSheets';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

describe.each(OUTPUT_SHEETS.filter((s) => s !== 'Scan monitor'))('on "%s"', (name) => {
  it('every list action refuses in one line and writes nothing', async () => {
    w = await startWorld();
    const sheet = w.rt.spreadsheet.insertSheet(name);
    sheet.probe.rows = [
      ['Website', 'Public score'],
      ['nike.com', 50],
      ['patagonia.com', 60],
    ].map((r) => r.map((value) => ({ value: value as string })));
    sheet.setActiveSelection('A1:A3');
    const before = JSON.stringify(sheet.probe.rows);
    const reports = [
      sidebar(w.rt).scoreSelection({ refresh: 'all' }),
      w.rt.runFromSidebar('startPreviewsForSelection', []) as { message: string },
      sidebar(w.rt).writePitches({ template: 'Hello {Website}' }),
      sidebar(w.rt).markContacted(),
      freezeFromMenu(w.rt, 'freeze'),
    ];
    for (const r of reports)
      expect(r.message).toMatch(
        new RegExp(`^"${name}" is a sheet the add-on makes: nothing was written there\\.`),
      );
    expect(JSON.stringify(sheet.probe.rows)).toBe(before);
    expect(w.rt.fetchStats.requests).toBe(0);
  });
});

describe('a sheet of the add-on’s name in another case', () => {
  it('is the one used: Sheets refuses a second "Score history" beside "score history" (G16)', async () => {
    w = await startWorld();
    const book = w.rt.spreadsheet;
    const theirs = book.addSheet('score history');
    const sheet = book.activeSheet;
    sheet.probe.rows = [[{ value: 'Website' }], [{ value: INDEX[0]!.domain }]];
    sheet.setActiveSelection('A2');
    expect(sidebar(w.rt).scoreSelection({ refresh: 'all' }).state).toBe('done');
    expect(book.sheets.filter((s) => s.probe.title.toLowerCase() === 'score history')).toEqual([
      theirs,
    ]);
    expect(theirs.probe.rows.length).toBe(2);
  });
});
