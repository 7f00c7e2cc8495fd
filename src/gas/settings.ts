/**
 * Where settings live. The API key is in the user's own properties only, never in the document's.
 * In a custom function, user properties are the spreadsheet owner's (the only store it may read).
 */
import type { ClientConfig } from '../api/client';
import { DEFAULT_BASE_URL } from '../config';
import type { SettingsChange } from '../contract/settings';
import { brandingOf, type Branding } from '../domain/branding';
import { deleteUserProperty, setUserProperties, userProperty } from './userStore';

const PROP = {
  apiKey: 'vis.apiKey',
  baseUrl: 'vis.baseUrl',
  /** Per spreadsheet, in the key holder's own properties, so only they can allow it. */
  allowFormulas: (spreadsheetId: string) => `vis.allowFormulas.${spreadsheetId}`,
  /** A refusal learnt at Generate (plan, partner, read-only), shown until the key changes. */
  accountNotice: 'vis.accountNotice',
  /** Said by the person: the account is on Google Workspace (never guessed from the address). */
  workspace: 'vis.workspace',
  /** Test connection accepted this key at this address: forgotten when either changes. */
  keyTested: 'vis.keyTested',
  /** The plan the service last showed for this key: 'paid' once a preview was made, or the
   * plan a refusal named. The service has no account endpoint, so this is learnt, not asked. */
  plan: 'vis.plan',
  /** Settings -> Branding, as JSON (domain/branding.ts). */
  branding: 'vis.branding',
};

/** The person's report branding (the defaults when none is saved). */
export const savedBranding = (): Branding => brandingOf(userProperty(PROP.branding));

/** What Test connection found of the saved key: accepted (remembered), or not. */
export function rememberKeyTest(accepted: boolean): void {
  if (accepted) setUserProperties({ [PROP.keyTested]: 'true' });
  else deleteUserProperty(PROP.keyTested);
}

/** What Generate learnt of the key's plan (see PROP.plan). */
export function rememberPlan(plan: string): void {
  if (userProperty(PROP.plan) !== plan) setUserProperties({ [PROP.plan]: plan });
}

/** Whether the person said their account is on Google Workspace. */
export function saidWorkspace(): boolean {
  return userProperty(PROP.workspace) === 'true';
}

export function clientConfig(): ClientConfig {
  const config: ClientConfig = { baseUrl: userProperty(PROP.baseUrl) || DEFAULT_BASE_URL };
  const key = userProperty(PROP.apiKey);
  if (key) config.apiKey = key;
  return config;
}

export function formulasMayUseKey(spreadsheetId: string): boolean {
  return userProperty(PROP.allowFormulas(spreadsheetId)) === 'true';
}

export interface StoredSettings {
  apiKey: string | null;
  baseUrl: string | null;
  allowFormulasToUseKey: boolean;
  workspaceAccount: boolean;
  accountNotice: string | null;
  keyTested: boolean;
  plan: string | null;
}

export function readSettings(spreadsheetId: string): StoredSettings {
  return {
    apiKey: userProperty(PROP.apiKey) || null,
    baseUrl: userProperty(PROP.baseUrl) || null,
    allowFormulasToUseKey: userProperty(PROP.allowFormulas(spreadsheetId)) === 'true',
    workspaceAccount: saidWorkspace(),
    accountNotice: userProperty(PROP.accountNotice) || null,
    keyTested: userProperty(PROP.keyTested) === 'true',
    plan: userProperty(PROP.plan) || null,
  };
}

export function writeSettings(spreadsheetId: string, change: SettingsChange): void {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  if (change.apiKey !== undefined) {
    const key = change.apiKey.trim();
    if (key) set[PROP.apiKey] = key;
    else remove.push(PROP.apiKey);
    remove.push(PROP.accountNotice, PROP.keyTested, PROP.plan);
  }
  if (change.baseUrl !== undefined) {
    const url = change.baseUrl.trim().replace(/\/+$/, '');
    if (url) set[PROP.baseUrl] = url;
    else remove.push(PROP.baseUrl);
    remove.push(PROP.keyTested);
  }
  if (change.allowFormulasToUseKey !== undefined) {
    if (change.allowFormulasToUseKey) set[PROP.allowFormulas(spreadsheetId)] = 'true';
    else remove.push(PROP.allowFormulas(spreadsheetId));
  }
  if (change.workspaceAccount !== undefined) {
    if (change.workspaceAccount) set[PROP.workspace] = 'true';
    else remove.push(PROP.workspace);
  }
  if (change.branding) set[PROP.branding] = JSON.stringify(change.branding);
  setUserProperties(set);
  for (const name of remove) deleteUserProperty(name);
}

export function rememberAccountNotice(notice: string): void {
  if (userProperty(PROP.accountNotice) !== notice)
    setUserProperties({ [PROP.accountNotice]: notice });
}
