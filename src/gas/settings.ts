/**
 * Where settings live. The API key is in the user's own properties only, never in the document's.
 * In a custom function, user properties are the spreadsheet owner's (the only store it may read).
 */
import type { ClientConfig } from '../api/client';
import { DEFAULT_BASE_URL } from '../config';
import type { SettingsChange } from '../contract';

const PROP = {
  apiKey: 'vis.apiKey',
  baseUrl: 'vis.baseUrl',
  /** Per spreadsheet, in the key holder's own properties, so only they can allow it. */
  allowFormulas: (spreadsheetId: string) => `vis.allowFormulas.${spreadsheetId}`,
  /** A refusal learnt at Generate (plan, partner, read-only), shown until the key changes. */
  accountNotice: 'vis.accountNotice',
};

function userProps(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

export function clientConfig(): ClientConfig {
  const props = userProps().getProperties();
  const config: ClientConfig = { baseUrl: props[PROP.baseUrl] || DEFAULT_BASE_URL };
  const key = props[PROP.apiKey];
  if (key) config.apiKey = key;
  return config;
}

export function formulasMayUseKey(spreadsheetId: string): boolean {
  return userProps().getProperty(PROP.allowFormulas(spreadsheetId)) === 'true';
}

export interface StoredSettings {
  apiKey: string | null;
  baseUrl: string | null;
  allowFormulasToUseKey: boolean;
  accountNotice: string | null;
}

export function readSettings(spreadsheetId: string): StoredSettings {
  const props = userProps().getProperties();
  return {
    apiKey: props[PROP.apiKey] || null,
    baseUrl: props[PROP.baseUrl] || null,
    allowFormulasToUseKey: props[PROP.allowFormulas(spreadsheetId)] === 'true',
    accountNotice: props[PROP.accountNotice] || null,
  };
}

export function writeSettings(spreadsheetId: string, change: SettingsChange): void {
  const props = userProps();
  const set: Record<string, string> = {};
  const remove: string[] = [];
  if (change.apiKey !== undefined) {
    const key = change.apiKey.trim();
    if (key) set[PROP.apiKey] = key;
    else remove.push(PROP.apiKey);
    remove.push(PROP.accountNotice);
  }
  if (change.baseUrl !== undefined) {
    const url = change.baseUrl.trim().replace(/\/+$/, '');
    if (url) set[PROP.baseUrl] = url;
    else remove.push(PROP.baseUrl);
  }
  if (change.allowFormulasToUseKey !== undefined) {
    if (change.allowFormulasToUseKey) set[PROP.allowFormulas(spreadsheetId)] = 'true';
    else remove.push(PROP.allowFormulas(spreadsheetId));
  }
  if (Object.keys(set).length) props.setProperties(set);
  for (const name of remove) props.deleteProperty(name);
}

export function rememberAccountNotice(notice: string): void {
  userProps().setProperty(PROP.accountNotice, notice);
}
