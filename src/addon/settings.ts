/** Settings for the sidebar: the key shown masked, never returned in full. */
import { PRODUCT_NAME } from '../contract/product';
import { readSettingsChange } from '../domain/settingsInput';
import { needsPermission } from '../domain/permissions';
import { parsers, requests } from '../api/client';
import { ALLOWLIST, DEFAULT_BASE_URL, POLL_TRIGGER_MINUTES } from '../config';
import { checkBranding } from '../domain/branding';
import { usage } from '../gas/quota';
import type {
  ConnectionReport,
  SettingsChange,
  SettingsView,
  UsageView,
} from '../contract/settings';
import { activeBook } from '../gas/active';
import { granted } from '../gas/permissions';
import { settingsPorts } from '../gas/settingsPorts';
import { planWords } from '../domain/plan';
import { maskSecret } from '../domain/secrets';
import { checkWebhook, maskWebhook } from '../domain/webhook';
import type { Branding } from '../contract/reports';
import type { PostOutcome } from '../domain/webhook';
import type { StoredSettings } from '../gas/settings';
import type { SavedWebhook } from '../gas/webhook';
import type { PermissionState } from '../gas/permissions';
import type { ClientConfig } from '../api/client';
import type { Transport } from '../api/http';

/** What Settings reads and keeps, all of it in the person's own properties (src/addon/settings.ts). */
export interface SettingsPorts {
  read(): StoredSettings;
  write(change: SettingsChange): void;
  /** The key and address the service is asked with. */
  config(): ClientConfig;
  branding(): Branding;
  /** What Test connection found of the saved key. */
  rememberKeyTest(accepted: boolean): void;
  webhook: {
    saved(): SavedWebhook | null;
    save(url: string | null): void;
    /** One post to `url`, its answer read, nothing thrown. */
    post(url: string, text: string): PostOutcome;
  };
  /** What the person granted; background work registered without its trigger gets it now. */
  permissions(): PermissionState;
  transport: Transport;
  /**
   * The spreadsheet owner's and this person's address ('' where Google withholds it), asked only
   * when Settings needs to know whether they are the same person; the owner is null for a file
   * in a shared drive, which has none.
   */
  owner(): string | null;
  me(): string;
  now(): number;
  /**
   * Settings opened without the permission to read the spreadsheet: what is per document (the
   * formulas' use of the key) can be neither read nor changed; the rest, and what is missing, show.
   */
  withoutDocument?: boolean;
}

/**
 * A webhook is checked before it is kept: its address must be Slack's or Chat's, and a first
 * message must not be refused (a busy platform does not stop the save). Returns why not saved.
 */
function saveTeamWebhook(p: SettingsPorts, input: string): string | null {
  if (!input.trim()) {
    p.webhook.save(null);
    return null;
  }
  const check = checkWebhook(input);
  if (!check.ok) return check.message;
  const test = p.webhook.post(
    check.url,
    `${PRODUCT_NAME} will post schedule alerts to this channel.`,
  );
  if (test.kind === 'broken')
    return `Not saved: ${test.said}. Check the webhook and paste it again.`;
  p.webhook.save(check.url);
  return null;
}

/**
 * Custom functions read the spreadsheet owner's user properties, so a key allowed by anyone else
 * would never reach them. An e-mail Google withholds (blank) leaves the box to the user. A file in
 * a shared drive has no owner (`getOwner()` is null, P3): whose properties its formulas would read
 * is nowhere documented, so nobody's key is offered to them.
 * https://developers.google.com/apps-script/reference/base/user#getEmail()
 */
function formulaKeyRefused(p: SettingsPorts): string | null {
  if (p.withoutDocument) return WITHOUT_DOCUMENT;
  const [owner, me] = [p.owner(), p.me()];
  if (owner === null) return SHARED_DRIVE;
  return owner === '' || me === '' || owner === me ? null : NOT_OWNER;
}

const NOT_OWNER =
  'Only the spreadsheet owner can let formulas use a key: formulas run with the owner’s settings. Ask the owner to tick this box with their own key.';
const SHARED_DRIVE =
  'This spreadsheet is in a shared drive, which has no owner, so no key can be given to its formulas: VIS_SCORE still works without one, and Score and Generate use your key.';
const WITHOUT_DOCUMENT =
  'Formulas use a key per spreadsheet: this needs the permission to see your spreadsheets.';

export function settingsView(p: SettingsPorts, refused: string | null = null): SettingsView {
  const s = p.read();
  const hook = p.webhook.saved();
  const formulasRefused = formulaKeyRefused(p);
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
    branding: p.branding(),
    triggerMinutes: POLL_TRIGGER_MINUTES,
    formulaKeyRefused: formulasRefused,
    permissions: permissionsView(p),
    refused,
  };
}

/**
 * Read whenever the sidebar opens: background work registered while the person had not granted
 * background runs gets its trigger here, once they have (Settings asks them to reopen it).
 */
function permissionsView(p: SettingsPorts): SettingsView['permissions'] {
  const state = p.permissions();
  return { missing: state.missing.map(needsPermission), grantUrl: state.grantUrl };
}

export function saveSettingsIn(p: SettingsPorts, input: SettingsChange): SettingsView {
  const refuse = (why: string) => settingsView(p, why);
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
  // Without the document the box is left as it was (`write` skips it) and the rest is saved.
  const formulasRefused =
    change.allowFormulasToUseKey && !p.withoutDocument ? formulaKeyRefused(p) : null;
  if (formulasRefused) return refuse(formulasRefused);
  if (change.webhook !== undefined) {
    const refused = saveTeamWebhook(p, change.webhook);
    if (refused) return refuse(refused);
  }
  const branding = change.branding ? checkBranding(change.branding) : null;
  if (branding && !branding.ok) return refuse(`Not saved: ${branding.message}`);
  p.write({
    ...(branding?.ok ? { branding: branding.branding } : {}),
    ...(change.apiKey !== undefined ? { apiKey: apiKey ?? '' } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(change.allowFormulasToUseKey !== undefined
      ? { allowFormulasToUseKey: change.allowFormulasToUseKey }
      : {}),
    ...(change.workspaceAccount !== undefined ? { workspaceAccount: change.workspaceAccount } : {}),
  });
  return settingsView(p);
}

/**
 * The service has no account endpoint: a public lookup shows it answers, and a poll of an agent
 * that cannot exist shows whether it accepts the key (401 refused; anything else accepted).
 */
export function testConnectionWith(p: SettingsPorts): ConnectionReport {
  const config = p.config();
  const probes = [
    requests.score({ baseUrl: config.baseUrl }, { by: 'slug', value: 'connection-check' }),
  ];
  if (config.apiKey) probes.push(requests.scanStatus(config, 1));
  const [lookup, keyed] = p.transport.fetchAll(probes);
  const now = p.now();
  const looked = parsers.score(lookup!, now);
  const reachable =
    looked.ok || ['NOT_FOUND', 'BAD_REQUEST', 'AMBIGUOUS_NAME'].includes(looked.error.code);
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
  const status = parsers.scanStatus(keyed, now);
  const refused = !status.ok && status.error.code === 'KEY_REFUSED';
  p.rememberKeyTest(!refused);
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
/** Settings open even without the permission to read the spreadsheet: it says what is missing. */
const here = (): SettingsPorts => settingsPorts(granted('sheets') ? activeBook() : null);
export const getSettings = (): SettingsView => settingsView(here());
export const saveSettings = (change: SettingsChange): SettingsView =>
  saveSettingsIn(here(), change);
export const testConnection = (): ConnectionReport => testConnectionWith(here());
/** Today's URL fetches beside the daily quota, and which quota is assumed and why. */
export const getUsage = (): UsageView => usage();
