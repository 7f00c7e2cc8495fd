/**
 * "Export tidy readings": `Score readings` rebuilt from `Score history`, one score per row, for
 * Looker Studio, BigQuery's Sheets connector and pivot tables (domain/tidyReadings.ts). A view of
 * the history as it stands: it spends nothing and sends nothing.
 */
import type { ReadingsExport } from '../contract/scores';
import {
  READINGS_SHEET,
  TIDY_FORMATS,
  exportRefusal,
  tidyMessage,
  tidyTable,
  type HistoryRow,
  type ReadingsRoom,
} from '../domain/tidyReadings';
import { activeBook } from '../gas/active';
import { bookPort } from '../gas/bookPort';
import { historyRows } from '../gas/history';
import { sheetRoom } from '../gas/sheets';
import { DOCUMENT_BUSY } from '../gas/lock';
import type { BookPort } from '../gas/ports';
import { logAction } from '../gas/runLog';
import { PRESS_LOCK_WAIT_MS } from '../limits';

/** What the export reads and writes. */
export interface ReadingsExportPorts {
  /** Every row of `Score history`, or null when there is none. */
  history(): HistoryRow[] | null;
  /** What is already where the readings go: checked before anything is written. */
  room(): ReadingsRoom;
  book: Pick<BookPort, 'replace' | 'locked'>;
}

export function exportReadingsWith(p: ReadingsExportPorts): ReadingsExport {
  return p.book.locked<ReadingsExport>(
    PRESS_LOCK_WAIT_MS * 50,
    () => {
      const history = p.history() ?? [];
      const table = tidyTable(history);
      const message = tidyMessage(table, history.length);
      if (table.rows === 0) return { state: 'nothing', message, rows: 0 };
      const refused = exportRefusal(table, p.room());
      if (refused) return { state: 'refused', message: refused, rows: 0 };
      p.book.replace(READINGS_SHEET, table.values, TIDY_FORMATS);
      return { state: 'done', message, rows: table.rows };
    },
    () => ({ state: 'busy', message: DOCUMENT_BUSY, rows: 0 }),
  );
}

export function exportReadings(): ReadingsExport {
  const book = activeBook();
  const report = exportReadingsWith({
    history: () => historyRows(book),
    room: () => sheetRoom(book, READINGS_SHEET),
    book: bookPort(book),
  });
  if (report.state === 'done')
    logAction(book, 'export readings', {
      ...{ sheet: READINGS_SHEET, rows: report.rows, requests: 0 },
      ...{ changed: report.rows, errors: 0, result: report.message },
    });
  return report;
}
