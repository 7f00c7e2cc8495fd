// A person selects a list by clicking its column letter: Google gives the range as `B:B`, the
// whole grid's height. On a 50,000-row sheet holding 300 prospects, Score, Generate, pitches and
// contacted act on the filled rows only, and read what those rows need.
import { freezeFromMenu } from '../menuApi';
import { INDEX } from '../../dev/emulator/brandIndex';
import { records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

const FILLED = 300;
const indexed = INDEX.filter((b) => !b.domain.endsWith('.example')).map((b) => b.domain);

async function bigSheet(): Promise<World> {
  w = await startWorld();
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [
    ['Company', 'Website'],
    ...Array.from({ length: FILLED }, (_, i) => [`Co ${i}`, indexed[i % indexed.length]!]),
  ].map((r) => r.map((value) => ({ value })));
  sheet.insertRowsAfter(sheet.getMaxRows(), 50_000 - sheet.getMaxRows());
  expect(sheet.getMaxRows()).toBe(50_000);
  sheet.setActiveSelection('B:B');
  return w;
}

/** What one press cost in cells read; the filled rows bound it, not the grid's 50,000. */
function cellsRead(run: () => unknown): number {
  w.rt.resetCounts();
  run();
  return w.rt.sheetCalls().cellsRead;
}

describe('a whole-column selection (B:B) of a 50,000-row sheet', () => {
  it('Score scores the 300 filled rows and reads in proportion to them', async () => {
    await bigSheet();
    let report: { state: string; message: string } | undefined;
    const read = cellsRead(() => (report = sidebar(w.rt).scoreSelection({ refresh: 'all' })));
    expect(report!.state).toBe('done');
    expect(report!.message).toMatch(/^300 rows: 300 scored\./);
    const sheet = w.rt.spreadsheet.activeSheet;
    expect(sheet.probe.filledRows()).toBe(FILLED + 1);
    expect(records(sheet).filter((r) => typeof r['Public score'] !== 'number')).toEqual([]);
    expect(read).toBeLessThan(50 * (FILLED + 1));
  });

  it('Generate sends one preview per filled row and writes none below them', async () => {
    await bigSheet();
    const r = w.rt.runFromSidebar('startPreviewsForSelection', []) as { state: string };
    expect(['done', 'partial']).toContain(r.state);
    const sheet = w.rt.spreadsheet.activeSheet;
    expect(sheet.probe.filledRows()).toBe(FILLED + 1);
    const posts = w.rt.fetchStats.log.filter((l) => l.method === 'post');
    expect(posts.length).toBe(new Set(indexed.slice(0, FILLED)).size);
  });

  it('pitches and contacted mark the filled rows only', async () => {
    await bigSheet();
    const read = cellsRead(() => sidebar(w.rt).writePitches({ template: 'Hello {Company}' }));
    expect(read).toBeLessThan(50 * (FILLED + 1));
    const marked = sidebar(w.rt).markContacted();
    expect(marked.marked).toBe(FILLED);
    const sheet = w.rt.spreadsheet.activeSheet;
    expect(sheet.probe.filledRows()).toBe(FILLED + 1);
    expect(records(sheet).every((r) => r['Pitch'] && r['Contacted'])).toBe(true);
  });

  it('freezing formulas in a whole column scans as far as the sheet holds something', async () => {
    await bigSheet();
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.getRange('C1').setValues([['=VIS_SCORE(B2:B301)']]);
    w.rt.recalculate();
    sheet.setActiveSelection('C:C');
    let report: { state: string; changed: number } | undefined;
    const read = cellsRead(() => (report = freezeFromMenu(w.rt, 'freeze')));
    expect(report!.changed).toBe(1);
    expect(sheet.getRange('C1').getFormula()).toBe('');
    expect(read).toBeLessThan(50 * (FILLED + 1));
  });
});
