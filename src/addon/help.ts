/** Help: the version, where each feature is explained, and diagnostics to copy for support. */
import { VERSION } from '../config';
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

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SECTIONS = [
  'Scores that stay',
  'The formulas',
  'Bulk previews',
  'Outreach: pitches, contacts and follow-ups',
  'The scan monitor',
  'Schedules, alerts and the run log',
  'Quotas',
  'Configure the key',
  'Glossary',
];

export function showHelp(): void {
  const html = `<div style="font:13px Arial,sans-serif">
<p>Visibility for Sheets ${escape(VERSION)}. Each feature is explained in the README, section by section:</p>
<ul>${SECTIONS.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>
<label for="diag">Diagnostics for support (no key in it): select all and copy</label>
<textarea id="diag" readonly rows="12" style="width:100%;font:12px monospace">${escape(getDiagnostics())}</textarea>
</div>`;
  showDialog(html, 'Visibility for Sheets: help', 520, 420);
}
