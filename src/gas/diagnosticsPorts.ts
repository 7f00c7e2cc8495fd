/** Help's diagnostics' ports (src/addon/help.ts) over Apps Script. */
import { documentsWithWork } from './backgroundWork';
import { permissionState } from './permissions';
import { usage } from './quota';
import { readLog } from './runLog';
import { readSettings } from './settings';
import { savedWebhook } from './webhook';

export const diagnosticsPorts = (book: GoogleAppsScript.Spreadsheet.Spreadsheet) => ({
  settings: () => readSettings(book.getId()),
  webhook: savedWebhook,
  missing: () => permissionState().missing,
  usage,
  documentsWithWork: () => documentsWithWork().length,
  log: (count: number) => readLog(book, count),
});
