/** Settings' ports (src/gas/ports.ts) over Apps Script: the person's properties, the document's owner. */
import type { SettingsChange } from '../contract/settings';
import { myEmail } from './active';
import { documentsWithWork } from './backgroundWork';
import { appsScriptClock } from './clock';
import { permissionState } from './permissions';
import {
  clientConfig,
  readSettings,
  rememberKeyTest,
  savedBranding,
  writeSettings,
} from './settings';
import { urlFetchTransport } from './transport';
import { reviveSilentTrigger } from './triggers';
import { postTo, savedWebhook, saveWebhook } from './webhook';

export function settingsPorts(book: GoogleAppsScript.Spreadsheet.Spreadsheet | null) {
  const id = book?.getId() ?? '';
  return {
    read: () => readSettings(id),
    // Without the document, nothing per document is written (the formulas' use of the key).
    write: (change: SettingsChange) =>
      writeSettings(id, book ? change : { ...change, allowFormulasToUseKey: undefined }),
    ...(book ? {} : { withoutDocument: true }),
    config: clientConfig,
    branding: savedBranding,
    rememberKeyTest,
    webhook: { saved: savedWebhook, save: saveWebhook, post: postTo },
    permissions: () => {
      if (documentsWithWork().length > 0) reviveSilentTrigger();
      return permissionState();
    },
    transport: urlFetchTransport,
    // A file in a shared drive has no owner: getOwner() is null (P3).
    owner: () => (book ? (book.getOwner()?.getEmail() ?? null) : ''),
    me: myEmail,
    now: () => appsScriptClock.now(),
  };
}
