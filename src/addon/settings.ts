/** Settings for the sidebar: the key shown masked, never returned in full. */
import { PRODUCT_NAME } from '../contract/product';
import { readSettingsChange } from '../domain/settingsInput';
import { needsPermission } from '../domain/permissions';
import { parsers, requests } from '../api/client';
import { ALLOWLIST, DEFAULT_BASE_URL, POLL_TRIGGER_MINUTES } from '../config';
import { checkBranding } from '../domain/branding';
import type {
  ConnectionReport,
  SettingsChange,
  SettingsView,
  UsageView,
} from '../contract/settings';
import { appsScriptKit } from '../gas/kit';
import { planWords } from '../domain/plan';
import { maskSecret } from '../domain/secrets';
import { checkWebhook, maskWebhook } from '../domain/webhook';
import { ok } from '../api/errors';
import { PROBE_BUDGET_MS } from '../limits';
import type { HttpResponse } from '../api/http';
import type { ClientConfig } from '../api/client';
import type { Kit } from '../kit/ports';
import { BRANDING } from '../kit/branding';
import {
  readSettings,
  rememberKeyTest,
  savedWebhook,
  saveWebhook,
  writeSettings,
} from '../kit/settings';

/**
 * Settings open even without the permission to read the spreadsheet: what is per document (the
 * formulas' use of the key) can be neither read nor changed; the rest, and what is missing, show.
 */
const fileOf = (kit: Kit): string | null =>
  kit.account.granted('sheets') ? kit.tables.fileId() : null;

/**
 * A webhook is checked before it is kept: its address must be Slack's or Chat's, and a first
 * message must not be refused (a busy platform does not stop the save). Returns why not saved.
 */
function saveTeamWebhook(kit: Kit, input: string): string | null {
  if (!input.trim()) {
    saveWebhook(kit.records.mine, null);
    return null;
  }
  const check = checkWebhook(input);
  if (!check.ok) return check.message;
  const test = kit.outbox.post(
    check.url,
    `${PRODUCT_NAME} will post schedule alerts to this channel.`,
  );
  if (test.kind === 'broken')
    return `Not saved: ${test.said}. Check the webhook and paste it again.`;
  saveWebhook(kit.records.mine, check.url);
  return null;
}

/**
 * Custom functions read the spreadsheet owner's user properties, so a key allowed by anyone else
 * would never reach them. An e-mail Google withholds (blank) leaves the box to the user. A file in
 * a shared drive has no owner (`getOwner()` is null, P3): whose properties its formulas would read
 * is nowhere documented, so nobody's key is offered to them.
 * https://developers.google.com/apps-script/reference/base/user#getEmail()
 */
function formulaKeyRefused(kit: Kit): string | null {
  if (fileOf(kit) === null) return WITHOUT_DOCUMENT;
  const [owner, me] = [kit.account.owner(), kit.account.email()];
  if (owner === null) return SHARED_DRIVE;
  return owner === '' || me === '' || owner === me ? null : NOT_OWNER;
}

const NOT_OWNER =
  'Only the spreadsheet owner can let formulas use a key: formulas run with the owner’s settings. Ask the owner to tick this box with their own key.';
const SHARED_DRIVE =
  'This spreadsheet is in a shared drive, which has no owner, so no key can be given to its formulas: VIS_SCORE still works without one, and Score and Generate use your key.';
const WITHOUT_DOCUMENT =
  'Formulas use a key per spreadsheet: this needs the permission to see your spreadsheets.';

export function settingsView(kit: Kit, refused: string | null = null): SettingsView {
  const s = readSettings(kit.records.mine, fileOf(kit));
  const hook = savedWebhook(kit.records.mine);
  const formulasRefused = formulaKeyRefused(kit);
  return {
    hasKey: s.apiKey !== null,
    maskedKey: s.apiKey ? maskSecret(s.apiKey) : null,
    keyTested: s.apiKey !== null && s.keyTested,
    baseUrl: s.baseUrl ?? DEFAULT_BASE_URL,
    defaultBaseUrl: DEFAULT_BASE_URL,
    // A tick kept from before (the file since moved to a shared drive) reaches no formula.
    allowFormulasToUseKey: s.allowFormulasToUseKey && formulasRefused === null,
    workspaceAccount: s.workspaceAccount,
    accountNotice: s.accountNotice,
    plan: s.apiKey ? planWords(s.plan) : null,
    webhook: hook ? maskWebhook(hook.url) : null,
    webhookNotice: hook?.broken ?? null,
    branding: kit.records.mine.get(BRANDING),
    triggerMinutes: POLL_TRIGGER_MINUTES,
    formulaKeyRefused: formulasRefused,
    permissions: permissionsView(kit),
    refused,
  };
}

/**
 * Read whenever the sidebar opens: background work registered while the person had not granted
 * background runs gets its trigger here, once they have (Settings asks them to reopen it).
 */
function permissionsView(kit: Kit): SettingsView['permissions'] {
  kit.later.wake();
  const state = kit.account.permissions();
  return { missing: state.missing.map(needsPermission), grantUrl: state.grantUrl };
}

export function saveSettingsIn(kit: Kit, input: SettingsChange): SettingsView {
  const refuse = (why: string) => settingsView(kit, why);
  const change = readSettingsChange(input);
  if (typeof change === 'string') return refuse(change);
  const baseUrl = change.baseUrl?.trim();
  if (baseUrl && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(baseUrl)) {
    return refuse(
      'Not saved: the service address must start with https:// (or http:// for a local service).',
    );
  }
  if (baseUrl && !ALLOWLIST.some((prefix) => `${baseUrl.replace(/\/+$/, '')}/`.startsWith(prefix)))
    return refuse(
      `Not saved: this add-on may only reach ${ALLOWLIST.filter((p) => p.endsWith('/')).join(' or ')} (a published add-on can fetch nothing else).`,
    );
  const apiKey = change.apiKey?.trim();
  if (apiKey && /\s/.test(apiKey))
    return refuse('Not saved: an API key has no spaces. Paste it again.');
  // Without the document the box is left as it was (`writeSettings` skips it), the rest saved.
  const file = fileOf(kit);
  const formulasRefused =
    change.allowFormulasToUseKey && file !== null ? formulaKeyRefused(kit) : null;
  if (formulasRefused) return refuse(formulasRefused);
  if (change.webhook !== undefined) {
    const refused = saveTeamWebhook(kit, change.webhook);
    if (refused) return refuse(refused);
  }
  const branding = change.branding ? checkBranding(change.branding) : null;
  if (branding && !branding.ok) return refuse(`Not saved: ${branding.message}`);
  writeSettings(kit.records.mine, file, {
    ...(branding?.ok ? { branding: branding.branding } : {}),
    ...(change.apiKey !== undefined ? { apiKey: apiKey ?? '' } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(change.allowFormulasToUseKey !== undefined
      ? { allowFormulasToUseKey: change.allowFormulasToUseKey }
      : {}),
    ...(change.workspaceAccount !== undefined ? { workspaceAccount: change.workspaceAccount } : {}),
  });
  return settingsView(kit);
}

/**
 * Test connection's probes, each answer read as it came: whether the service answered as the
 * service (a lookup, and the key's poll where there is a key), and what the poll said.
 */
function probe(kit: Kit, config: ClientConfig) {
  const probes = [
    requests.score({ baseUrl: config.baseUrl }, { by: 'slug', value: 'connection-check' }),
  ];
  if (config.apiKey) probes.push(requests.scanStatus(config, 1));
  // Each answer taken as it came (a dropped connection too, so nothing is sent again) and read
  // below: what a probe met is what the test reports.
  const [lookup, keyed] = kit.service.ask(
    probes,
    (response, now) => ok<[HttpResponse, number]>([response, now]),
    PROBE_BUDGET_MS,
  );
  const looked = lookup?.ok ? parsers.score(...lookup.value) : null;
  return {
    reachable:
      !!looked &&
      (looked.ok || ['NOT_FOUND', 'BAD_REQUEST', 'AMBIGUOUS_NAME'].includes(looked.error.code)) &&
      (!config.apiKey || !!keyed?.ok),
    keyed: keyed?.ok ? parsers.scanStatus(...keyed.value) : null,
  };
}

/**
 * The service has no account endpoint: a public lookup shows it answers, and a poll of an agent
 * that cannot exist shows whether it accepts the key (401 refused; anything else accepted).
 */
export function testConnectionWith(kit: Kit): ConnectionReport {
  const config = kit.service.config();
  const { reachable, keyed } = probe(kit, config);
  if (!reachable) {
    return {
      ok: false,
      serviceReachable: false,
      keyAccepted: null,
      message: `The service at ${config.baseUrl} did not answer as expected: check the base URL.`,
    };
  }
  if (!keyed) {
    return {
      ok: false,
      serviceReachable: true,
      keyAccepted: null,
      message: 'The service answers. Add your API key to generate previews and watch scans.',
    };
  }
  const refused = !keyed.ok && keyed.error.code === 'KEY_REFUSED';
  rememberKeyTest(kit.records.mine, !refused);
  return {
    ok: !refused,
    serviceReachable: true,
    keyAccepted: !refused,
    message: refused
      ? 'The service answers, but it refused your API key: check it and save it again.'
      : 'Connected: the service answers and accepts your key.',
  };
}

// The sidebar's calls, on the active spreadsheet.
export const getSettings = (): SettingsView => settingsView(appsScriptKit());
export const saveSettings = (change: SettingsChange): SettingsView =>
  saveSettingsIn(appsScriptKit(), change);
export const testConnection = (): ConnectionReport => testConnectionWith(appsScriptKit());
/** Today's URL fetches beside the daily quota, and which quota is assumed and why. */
export const getUsage = (): UsageView => appsScriptKit().account.usage();
