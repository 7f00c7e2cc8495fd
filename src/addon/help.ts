/** Help: the version, where each feature is explained, and diagnostics to copy for support. */
import { VERSION } from '../config';
import { escapeHtml } from '../domain/cells';
import { documentsWithWork } from '../gas/backgroundWork';
import { usage } from '../gas/quota';
import { readLog } from '../gas/runLog';
import { readSettings } from '../gas/settings';
import { savedWebhook } from '../gas/webhook';
import { webhookKind } from '../domain/webhook';
import { maskSecret } from '../domain/secrets';
import { activeBook, showDialog } from '../gas/active';

/** Settings minus the key, the last runs and today's quota use: nothing secret, nothing to run. */
export function getDiagnostics(): string {
  const book = activeBook();
  const s = readSettings(book.getId());
  const u = usage();
  return [
    `Visibility for Sheets ${VERSION}`,
    `Service: ${s.baseUrl ?? '(default)'}; key: ${s.apiKey ? `saved (${maskSecret(s.apiKey)})` : 'none'}`,
    `Formulas may use the key here: ${s.allowFormulasToUseKey ? 'yes' : 'no'}`,
    `Account notice: ${s.accountNotice ?? 'none'}`,
    `Team webhook: ${teamWebhookLine()}`,
    `URL fetches today: ${u.today} of ${u.quota} (${u.tier})`,
    `Property reads and writes today: ${u.properties.today} of ${u.properties.quota}`,
    `Background run time today: ${u.triggerMinutes.today} of ${u.triggerMinutes.quota} minutes`,
    `Documents with background work: ${documentsWithWork().length}`,
    'Last runs:',
    ...readLog(book, 10).map(
      (l) => `- ${l.time} ${l.run} ${l.action.replace(/ #.*$/, '')} ${l.sheet}: ${l.result}`,
    ),
  ].join('\n');
}

/** The platform of the saved webhook and whether it works: never the address (a secret). */
function teamWebhookLine(): string {
  const hook = savedWebhook();
  if (!hook) return 'none';
  return `${webhookKind(hook.url) ?? 'unknown'}${hook.broken ? ` (stopped: ${hook.broken})` : ' (saved)'}`;
}

export function showHelp(): void {
  const html = `<div style="font:13px Arial,sans-serif">
<p>Visibility for Sheets ${escapeHtml(VERSION)}. Each feature has its section in the README, and each sidebar tab says what it does.</p>
<label for="diag">Diagnostics for support (no key in it): select all and copy</label>
<textarea id="diag" readonly rows="12" style="width:100%;font:12px monospace">${escapeHtml(getDiagnostics())}</textarea>
</div>`;
  showDialog(html, 'Visibility for Sheets: help', 520, 420);
}
