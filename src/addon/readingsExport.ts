/**
 * "Export tidy readings": `Score readings` rebuilt from `Score history`, one score per row, for
 * Looker Studio, BigQuery's Sheets connector and pivot tables (domain/tidyReadings.ts). A view of
 * the history as it stands: it spends nothing and sends nothing.
 */
import type { ReadingsExport } from '../contract/scores';
import { HISTORY_SHEET } from '../domain/table';
import {
  READINGS_SHEET,
  TIDY_FORMATS,
  TIDY_FROM_HISTORY,
  exportRefusal,
  tidyMessage,
  tidyTable,
  type HistoryRow,
} from '../domain/tidyReadings';
import { activeBook } from '../gas/active';
import { appsScriptKit } from '../gas/kit';
import { DOCUMENT_BUSY } from '../gas/lock';
import type { Kit } from '../kit/ports';
import { PRESS_LOCK_WAIT_MS } from '../limits';

/** Every row of `Score history` over the columns a tidy export reads, or none. */
const historyRows = (kit: Kit): HistoryRow[] =>
  (kit.tables.read(HISTORY_SHEET, TIDY_FROM_HISTORY)?.rows ?? []).map((r) => r.cells);

export function exportReadingsWith(kit: Kit): ReadingsExport {
  const held = kit.locks.document(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return { state: 'busy', message: DOCUMENT_BUSY, rows: 0 };
  try {
    const history = historyRows(kit);
    const table = tidyTable(history);
    const message = tidyMessage(table, history.length);
    if (table.rows === 0) return { state: 'nothing', message, rows: 0 };
    const refused = exportRefusal(table, kit.tables.room(READINGS_SHEET));
    if (refused) return { state: 'refused', message: refused, rows: 0 };
    kit.tables.replace(READINGS_SHEET, table.values, TIDY_FORMATS);
    return { state: 'done', message, rows: table.rows };
  } finally {
    held.release();
  }
}

export function exportReadings(): ReadingsExport {
  const kit = appsScriptKit(activeBook());
  const report = exportReadingsWith(kit);
  if (report.state === 'done')
    kit.log.action('export readings', {
      ...{ sheet: READINGS_SHEET, rows: report.rows, requests: 0 },
      ...{ changed: report.rows, errors: 0, result: report.message },
    });
  return report;
}
