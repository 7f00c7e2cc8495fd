/** Help's diagnostics' ports (src/gas/ports.ts) over Apps Script. */
import { documentsWithWork } from './backgroundWork';
import { permissionState } from './permissions';
import type { DiagnosticsPorts } from './ports';
import { usage } from './quota';
import { readLog } from './runLog';
import { readSettings } from './settings';
import { savedWebhook } from './webhook';

export const diagnosticsPorts = (
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
): DiagnosticsPorts => ({
  settings: () => readSettings(book.getId()),
  webhook: savedWebhook,
  missing: () => permissionState().missing,
  usage,
  documentsWithWork: () => documentsWithWork().length,
  log: (count) => readLog(book, count),
});
