/** Help: the version, where each feature is explained, and diagnostics to copy for support. */
import { GLOSSARY } from '../domain/glossary';
import { PRODUCT_NAME } from '../contract/product';
import { VERSION } from '../config';
import { escapeHtml } from '../domain/cells';
import { webhookKind } from '../domain/webhook';
import { maskSecret } from '../domain/secrets';
import { showDialog } from '../gas/active';
import { appsScriptKit } from '../gas/kit';
import type { Kit } from '../kit/ports';
import { readSettings, savedWebhook } from '../kit/settings';

/** Settings minus the key, the last runs and today's quota use: nothing secret, nothing to run. */
export function diagnosticsWith(kit: Kit): string {
  const s = readSettings(kit.records.mine, kit.tables.fileId());
  const u = kit.account.usage();
  return [
    `${PRODUCT_NAME} ${VERSION}`,
    `Service: ${s.baseUrl ?? '(default)'}; key: ${s.apiKey ? `saved (${maskSecret(s.apiKey)})` : 'none'}`,
    `Formulas may use the key here: ${s.allowFormulasToUseKey ? 'yes' : 'no'}`,
    `Account notice: ${s.accountNotice ?? 'none'}`,
    `Permissions not granted: ${kit.account.permissions().missing.join(', ') || 'none (all granted)'}`,
    `Team webhook: ${teamWebhookLine(kit)}`,
    `URL fetches today: ${u.today} of ${u.quota} (${u.tier})`,
    `Property reads and writes today: ${u.properties.today} of ${u.properties.quota}`,
    `Background run time today: ${u.triggerMinutes.today} of ${u.triggerMinutes.quota} minutes`,
    `Documents with background work: ${kit.later.files().length}`,
    'Last runs:',
    ...kit.log
      .recent(10)
      .map((l) => `- ${l.time} ${l.run} ${l.action.replace(/ #.*$/, '')} ${l.sheet}: ${l.result}`),
  ].join('\n');
}

const getDiagnostics = (): string => diagnosticsWith(appsScriptKit());

/** The platform of the saved webhook and whether it works: never the address (a secret). */
function teamWebhookLine(kit: Kit): string {
  const hook = savedWebhook(kit.records.mine);
  if (!hook) return 'none';
  return `${webhookKind(hook.url) ?? 'unknown'}${hook.broken ? ` (stopped: ${hook.broken})` : ' (saved)'}`;
}

/** How to use it, in the words of the menu and the sidebar: a Marketplace user has no README. */
const USAGE: ReadonlyArray<readonly [what: string, how: string]> = [
  [
    'Public scores',
    'select a column of websites, then Score in the sidebar (no key needed); or type =VIS_SCORE(A2:A500).',
  ],
  [
    'Preview reports',
    'add your API key in Settings (a Starter or Pro plan), select websites, then Previews → Generate previews: each row gets a report link, and its scores fill in within a few minutes.',
  ],
  [
    'Outreach',
    'write a pitch per row from a template, mark rows contacted, and see who moved since.',
  ],
  [
    'Lead magnets',
    "Lists → Leads: choose the sheet a form writes its responses to; each new lead's website gets a report within seconds (or the no-cost link, which the lead opens after signing in), e-mailed from your account to leads who agreed.",
  ],
  ['Brand agents', 'put their brand agent IDs in the Scan monitor sheet (Monitor → Scan monitor).'],
  [
    'Schedules',
    'refresh a list daily or weekly with the spreadsheet closed, and e-mail or post what moved.',
  ],
  [
    'Something wrong?',
    'each row says why in its message column; Run self-check tests your account; send the diagnostics below to support.',
  ],
];

export function showHelp(): void {
  const usage = USAGE.map(([what, how]) => `<li><b>${what}</b>: ${escapeHtml(how)}</li>`).join('');
  const glossary = GLOSSARY.map(
    ([term, meaning]) =>
      `<dt style="font-weight:bold">${escapeHtml(term)}</dt><dd style="margin:0 0 4px 12px">${escapeHtml(meaning)}</dd>`,
  ).join('');
  const html = `<div style="font:13px Arial,sans-serif">
<p>${escapeHtml(PRODUCT_NAME)} ${escapeHtml(VERSION)}.</p>
<ul style="padding-left:18px;margin:4px 0 10px">${usage}</ul>
<details style="margin:0 0 10px"><summary><b>What the numbers mean</b> (glossary)</summary><dl style="margin:4px 0">${glossary}</dl></details>
<label for="diag">Diagnostics for support (no key in it): select all and copy</label>
<textarea id="diag" readonly rows="12" style="width:100%;font:12px monospace">${escapeHtml(getDiagnostics())}</textarea>
</div>`;
  showDialog(html, `${PRODUCT_NAME}: help`, 520, 560);
}
