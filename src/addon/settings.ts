/** Settings for the sidebar: the key shown masked, never returned in full. */
import { documentsWithWork } from '../gas/backgroundWork';
import { reviveSilentTrigger } from '../gas/triggers';
import { permissionState } from '../gas/permissions';
import { needsPermission } from '../domain/permissions';
import { parsers, requests } from '../api/client';
import { ALLOWLIST, DEFAULT_BASE_URL, POLL_TRIGGER_MINUTES } from '../config';
import { appsScriptClock } from '../gas/clock';
import {
  clientConfig,
  readSettings,
  rememberKeyTest,
  savedBranding,
  writeSettings,
} from '../gas/settings';
import { checkBranding } from '../domain/branding';
import { urlFetchTransport } from '../gas/transport';
import { usage } from '../gas/quota';
import type {
  ConnectionReport,
  SettingsChange,
  SettingsView,
  UsageView,
} from '../contract/settings';
import { activeBook, myEmail } from '../gas/active';
import { planWords } from '../domain/plan';
import { maskSecret } from '../domain/secrets';
import { checkWebhook, maskWebhook } from '../domain/webhook';
import { postTo, savedWebhook, saveWebhook } from '../gas/webhook';

/**
 * A webhook is checked before it is kept: its address must be Slack's or Chat's, and a first
 * message must not be refused (a busy platform does not stop the save). Returns why not saved.
 */
function saveTeamWebhook(input: string): string | null {
  if (!input.trim()) {
    saveWebhook(null);
    return null;
  }
  const check = checkWebhook(input);
  if (!check.ok) return check.message;
  const test = postTo(
    check.url,
    'Visibility for Sheets will post schedule alerts to this channel.',
  );
  if (test.kind === 'broken')
    return `Not saved: ${test.said}. Check the webhook and paste it again.`;
  saveWebhook(check.url);
  return null;
}

function spreadsheetId(): string {
  return activeBook().getId();
}

/**
 * Custom functions read the spreadsheet owner's user properties, so a key allowed by anyone else
 * would never reach them. An e-mail Google withholds (blank) leaves the box to the user.
 * https://developers.google.com/apps-script/reference/base/user#getEmail()
 */
function mayAllowFormulas(): boolean {
  const owner = activeBook().getOwner()?.getEmail() ?? '';
  const me = myEmail();
  return owner === '' || me === '' || owner === me;
}

const NOT_OWNER =
  'Only the spreadsheet owner can let formulas use a key: formulas run with the owner’s settings. Ask the owner to tick this box with their own key.';

export function getSettings(refused: string | null = null): SettingsView {
  const s = readSettings(spreadsheetId());
  const hook = savedWebhook();
  return {
    hasKey: s.apiKey !== null,
    maskedKey: s.apiKey ? maskSecret(s.apiKey) : null,
    keyTested: s.apiKey !== null && s.keyTested,
    baseUrl: s.baseUrl ?? DEFAULT_BASE_URL,
    defaultBaseUrl: DEFAULT_BASE_URL,
    allowFormulasToUseKey: s.allowFormulasToUseKey,
    workspaceAccount: s.workspaceAccount,
    accountNotice: s.accountNotice,
    plan: s.apiKey ? planWords(s.plan) : null,
    webhook: hook ? maskWebhook(hook.url) : null,
    webhookNotice: hook?.broken ?? null,
    branding: savedBranding(),
    triggerMinutes: POLL_TRIGGER_MINUTES,
    mayAllowFormulas: mayAllowFormulas(),
    permissions: permissionsView(),
    refused,
  };
}

/**
 * Read whenever the sidebar opens: background work registered while the person had not granted
 * background runs gets its trigger here, once they have (Settings asks them to reopen it).
 */
function permissionsView(): SettingsView['permissions'] {
  if (documentsWithWork().length > 0) reviveSilentTrigger();
  const state = permissionState();
  return { missing: state.missing.map(needsPermission), grantUrl: state.grantUrl };
}

export function saveSettings(change: SettingsChange): SettingsView {
  const baseUrl = change.baseUrl?.trim();
  if (baseUrl && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(baseUrl)) {
    return getSettings(
      'Not saved: the service address must start with https:// (or http:// for a local service).',
    );
  }
  if (baseUrl && !ALLOWLIST.some((prefix) => `${baseUrl.replace(/\/+$/, '')}/`.startsWith(prefix)))
    return getSettings(
      `Not saved: this add-on may only reach ${ALLOWLIST.filter((p) => p.endsWith('/')).join(' or ')} (a published add-on can fetch nothing else).`,
    );
  const apiKey = change.apiKey?.trim();
  if (apiKey && /\s/.test(apiKey))
    return getSettings('Not saved: an API key has no spaces. Paste it again.');
  if (change.allowFormulasToUseKey && !mayAllowFormulas()) return getSettings(NOT_OWNER);
  if (change.webhook !== undefined) {
    const refused = saveTeamWebhook(change.webhook);
    if (refused) return getSettings(refused);
  }
  const branding = change.branding ? checkBranding(change.branding) : null;
  if (branding && !branding.ok) return getSettings(`Not saved: ${branding.message}`);
  writeSettings(spreadsheetId(), {
    ...(branding?.ok ? { branding: branding.branding } : {}),
    ...(change.apiKey !== undefined ? { apiKey: apiKey ?? '' } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(change.allowFormulasToUseKey !== undefined
      ? { allowFormulasToUseKey: change.allowFormulasToUseKey }
      : {}),
    ...(change.workspaceAccount !== undefined ? { workspaceAccount: change.workspaceAccount } : {}),
  });
  return getSettings();
}

/**
 * The service has no account endpoint: a public lookup shows it answers, and a poll of an agent
 * that cannot exist shows whether it accepts the key (401 refused; anything else accepted).
 */
export function testConnection(): ConnectionReport {
  const config = clientConfig();
  const probes = [
    requests.score({ baseUrl: config.baseUrl }, { by: 'slug', value: 'connection-check' }),
  ];
  if (config.apiKey) probes.push(requests.scanStatus(config, 1));
  const [lookup, keyed] = urlFetchTransport.fetchAll(probes);
  const now = appsScriptClock.now();
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
  rememberKeyTest(!refused);
  return {
    ok: !refused,
    serviceReachable: true,
    keyAccepted: !refused,
    message: refused
      ? 'The service answers, but it refused your API key: check it and save it again.'
      : 'Connected: the service answers and accepts your key.',
  };
}

/** Today's URL fetches beside the daily quota, and which quota is assumed and why. */
export function getUsage(): UsageView {
  return usage();
}
