/**
 * A poll's ports (src/addon/previewPolling.ts) over an Apps Script spreadsheet: what it reads in
 * one snapshot, and the write it is handed applied as one.
 */
import { parsers, requests } from '../api/client';
import { PREVIEW_HEADERS } from '../domain/previewColumns';
import {
  namedByCompany,
  pendingIds,
  type AskPlan,
  type PollSnapshot,
  type PollWrite,
  type PreviewGrid,
} from '../domain/previewPoll';
import { companyColumnIndex, websiteColumnIndex } from '../domain/table';
import { POLL_BUDGET_MS } from '../limits';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock } from './clock';
import { appendHistory } from './history';
import { withDocumentLock } from './lock';
import { granted } from './permissions';
import { lastAsked, rememberAsked } from './pollMemory';
import { markHeardInFile, ownership, updateRecord } from './previewOwners';
import { quotaLeft } from './quota';
import { askEach } from '../kit/askEach';
import { appsScriptKit } from './kit';
import { clientConfig } from './settings';
import { findTables, readHeaderRow, writePatches, type Table } from './sheetTable';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type PreviewTable = Table<keyof typeof PREVIEW_HEADERS> & { name: string };

export function pollPorts(book: Book) {
  const config = clientConfig();
  const doc = book.getId();
  // What the last read found: a write goes to the tables its lists were read from.
  let tables: PreviewTable[] = [];
  const grids = (): PreviewGrid[] =>
    tables.map((t) => ({ sheet: t.name, values: t.values, columns: t.columns }));
  const lists = (): PreviewGrid[] => {
    tables = previewTables(book);
    return grids();
  };
  const apply = (w: PollWrite) => {
    for (const t of tables) {
      const rows = w.writes.get(t.name);
      if (rows) writePatches(t, rows);
    }
    w.report.justCompleted = namedByCompany(
      w.report.justCompleted,
      companiesOf(tables, w.report.justCompleted),
    );
    appendHistory(book, w.readings);
    setBackgroundWork(doc, 'previews', w.stillPending);
    updateRecord(doc, w.owners);
  };
  return {
    read: (): PollSnapshot => {
      const found = lists();
      return {
        lists: found,
        owners: ownership(
          book,
          found.flatMap((l) => {
            const at = l.columns.requestedBy;
            return at ? l.values.slice(1).map((r) => r[at - 1]) : [];
          }),
        ),
        asked: lastAsked(pendingIds(found)),
        mayAsk: !!config.apiKey && quotaLeft() > 0 && granted('service'),
        now: appsScriptClock.now(),
      };
    },
    ask: ({ uuids, at, heard }: AskPlan) => {
      if (heard) markHeardInFile(book);
      if (!uuids.length) return new Map();
      rememberAsked(uuids, at);
      return askEach(
        appsScriptKit(book).service,
        POLL_BUDGET_MS,
        uuids,
        (u) => requests.previewPoll(config, u),
        parsers.previewPoll,
      );
    },
    settle: (
      waitMs: number,
      reread: boolean,
      decide: (lists: PreviewGrid[], now: number) => PollWrite,
    ): PollWrite | null =>
      withDocumentLock(
        waitMs,
        () => {
          const now = appsScriptClock.now();
          const w = decide(reread ? lists() : grids(), now);
          apply(w);
          return w;
        },
        () => null,
      ),
  };
}

/** Each list with a Preview UUID column, read over the preview columns and its Website column. */
function previewTables(book: Book): PreviewTable[] {
  return findTables(book, PREVIEW_HEADERS, 'uuid', (header) => [websiteColumnIndex(header) + 1]);
}

/** Rows apart past which the Company cells of completed rows are not read (the name falls back). */
const COMPANY_SPAN = 200;

/**
 * The Company cells of the rows just completed: per list, one read of its Company column over
 * the rows between the first and last of them (within COMPANY_SPAN), never the whole list.
 */
function companiesOf(
  tables: PreviewTable[],
  completed: ReadonlyArray<{ sheet: string; row: number }>,
): (sheet: string, row: number) => unknown {
  const found = new Map<string, unknown>();
  for (const t of tables) {
    const rows = completed.filter((c) => c.sheet === t.name).map((c) => c.row);
    if (!rows.length) continue;
    const [first, last] = [Math.min(...rows), Math.max(...rows)];
    const col = companyColumnIndex(readHeaderRow(t.sheet)) + 1;
    if (!col || last - first >= COMPANY_SPAN) continue;
    const cells = t.sheet.getRange(first, col, last - first + 1, 1).getValues();
    for (const row of rows) found.set(`${t.name}|${row}`, cells[row - first]?.[0]);
  }
  return (sheet, row) => found.get(`${sheet}|${row}`);
}
