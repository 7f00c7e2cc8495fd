// A workbook in its second year: a 50,000-row `Score history`, thirty client tabs, ten previews
// pending on one of them. Every entry point's reads are sized to its work, not to the workbook.
import {
  cost,
  entryCosts,
  HISTORY_ROWS,
  PENDING_TAB,
  yearOldWorkbook,
} from '../../dev/yearOldWorkbook';
import { HISTORY_HEADERS } from '../../src/domain/table';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

/**
 * The pending tab's preview columns and Website, twice (before asking, and under the lock), plus
 * header rows; and the block a write spans, read back under the lock before it is written (the
 * kit's write keeps no state between calls): ten rows of ten preview columns and their header.
 */
const WRITTEN_BLOCK = 10 * 10 + 16;
const POLL_CELL_GOAL = 20_000 + WRITTEN_BLOCK;
/** What a full history's trim may read more than a young one's append: far less than a column. */
const TRIM_CHECK_CELLS = 2_000;

describe('a year-old workbook', () => {
  it('a sidebar poll reads the pending tab’s needed columns and header rows, never the history', async () => {
    w = await startWorld();
    const pending = yearOldWorkbook(w.rt);
    expect(pending.getName()).toBe(PENDING_TAB);
    const waiting = cost(w.rt, () => sidebar(w.rt).pollPendingPreviews());
    expect(waiting.cellsRead).toBeGreaterThan(0);
    expect(waiting.cellsRead).toBeLessThanOrEqual(POLL_CELL_GOAL);
    // The previews complete: the poll that finds them writes scores and history readings.
    await w.elapse(10 * 60_000);
    let done = cost(w.rt, () => sidebar(w.rt).pollPendingPreviews());
    for (let i = 0; i < 5 && done.cellsWritten === 0; i++) {
      await w.elapse(60_000);
      done = cost(w.rt, () => sidebar(w.rt).pollPendingPreviews());
    }
    expect(done.cellsWritten).toBeGreaterThan(0);
    expect(done.cellsRead).toBeLessThanOrEqual(POLL_CELL_GOAL);
    const history = w.rt.spreadsheet.sheets.find((s) => s.getName() === 'Score history')!;
    expect(history.probe.filledRows()).toBe(50_000 + 1);
  }, 120_000);

  it('no entry point’s cost grows with the history: the same with 5,000 rows as with 50,000', async () => {
    const costsWith = async (historyRows: number) => {
      // The service's clock stands still: both workbooks see the same answers.
      w = await startWorld({ emulatorArgs: ['--time-scale', '0'] });
      yearOldWorkbook(w.rt, historyRows);
      const costs = entryCosts(w.rt);
      await w.close();
      return costs;
    };
    const young = await costsWith(5_000);
    const old = await costsWith(50_000);
    for (const [entry, c] of Object.entries(old)) {
      // At its cap the history checks, before trimming, that its top rows are its oldest: the
      // times of the rows it removes and of its last 200, a few hundred cells, never the column.
      const extra = c.cellsRead - young[entry]!.cellsRead;
      expect([entry, extra >= 0 && extra <= TRIM_CHECK_CELLS ? 'within' : extra]).toEqual([
        entry,
        'within',
      ]);
      // At its cap the history trims its oldest rows as it appends: a few calls per append
      // (delete and grow), never a read.
      expect(c.sheetsCalls - young[entry]!.sheetsCalls).toBeLessThanOrEqual(
        Math.max(5, young[entry]!.sheetsCalls * 0.05),
      );
    }
    expect(old.sidebarPoll!.cellsRead).toBeLessThanOrEqual(POLL_CELL_GOAL);
    expect(old.onOpen!.cellsRead).toBe(0);
    expect(old.customFunction!.cellsRead).toBe(0);
  }, 120_000);

  it('the Scores tab’s site history reads the history’s columns a reading needs, not all of them', async () => {
    w = await startWorld();
    yearOldWorkbook(w.rt);
    const tab = w.rt.spreadsheet.sheets.find((s) => s.getName() === 'Client 12')!;
    w.rt.spreadsheet.activeSheet = tab;
    tab.getRange('H2').setValue('client-5.com');
    tab.setActiveSelection('H2');
    let reply: { site: string | null; points: unknown[] } | undefined;
    const read = cost(w.rt, () => {
      reply = sidebar(w.rt).getSiteHistory();
    });
    // client-5.com is every 900th reading of the history.
    expect(reply).toEqual({ site: 'client-5.com', points: expect.any(Array) });
    expect(reply!.points).toHaveLength(Math.ceil((HISTORY_ROWS - 5) / 900));
    // Ten columns (when, site, score, the four engines, last scan, source, page) of every row,
    // and header rows; the whole history is half as much again.
    const wholeHistory = (HISTORY_ROWS + 1) * Object.keys(HISTORY_HEADERS).length;
    expect(read.cellsRead).toBeLessThanOrEqual(HISTORY_ROWS * 10 + 1_000);
    expect(read.cellsRead).toBeLessThan(wholeHistory);
  }, 120_000);
});
