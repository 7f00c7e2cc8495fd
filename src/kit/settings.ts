/**
 * The person's settings as records of their own properties, under the keys and in the text an
 * earlier release wrote (a saved key is read as it was). The API key lives here and nowhere else:
 * in a custom function, user properties are the spreadsheet owner's (the only store it may read).
 */
import * as z from 'zod/mini';
import type { ClientConfig } from '../api/client';
import { DEFAULT_BASE_URL } from '../config';
import type { SettingsChange } from '../contract/settings';
import {
  entry,
  recordKind,
  textKind as text,
  type RecordEntry,
  type RecordKind,
  type RecordStore,
} from './ports';
import { BRANDING } from './branding';

/** A setting kept as 'true' when on; off is no value kept. */
const flag = (name: string) =>
  recordKind<boolean>(name, () => z.boolean(), false, {
    write: () => ['true'],
    read: ([kept]) => kept === 'true',
  });

export const SETTING = {
  apiKey: text('apiKey'),
  baseUrl: text('baseUrl'),
  /** Per spreadsheet (by its id), in the key holder's own properties, so only they can allow it. */
  allowFormulas: flag('allowFormulas'),
  /** A refusal learnt at Generate (plan, partner, read-only), shown until the key changes. */
  accountNotice: text('accountNotice'),
  /** Said by the person: the account is on Google Workspace (never guessed from the address). */
  workspace: flag('workspace'),
  /** Test connection accepted this key at this address: forgotten when either changes. */
  keyTested: flag('keyTested'),
  /**
   * The plan the service last showed for this key: 'paid' once a preview was made, or the plan a
   * refusal named. The service has no account endpoint, so this is learnt, not asked.
   */
  plan: text('plan'),
  /** The team webhook (Slack or Chat): a secret, kept as the key is. */
  webhook: text('webhook'),
  /** Why the platform refused the webhook, when it did: team alerts wait for a new one. */
  webhookBroken: text('webhookBroken'),
};

type Setting<T> = [kind: RecordKind<T>, value: T, id?: string];

/** Writes each setting (and `also`) in one call, and drops those set to none (no value kept). */
function settle(
  mine: RecordStore,
  settings: Array<Setting<string | null> | Setting<boolean>>,
  also: RecordEntry[] = [],
) {
  const kept = [...also];
  for (const [kind, value, id] of settings) {
    if (value === kind.none || value === '') mine.drop(kind as RecordKind<unknown>, id);
    else kept.push(entry(kind as RecordKind<unknown>, value, id));
  }
  if (kept.length) mine.putAll(kept);
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

/** `fileId`: the spreadsheet the formulas' use of the key is read for (null: none readable). */
export const readSettings = (mine: RecordStore, fileId: string | null): StoredSettings => ({
  apiKey: mine.get(SETTING.apiKey),
  baseUrl: mine.get(SETTING.baseUrl),
  allowFormulasToUseKey: fileId !== null && mine.get(SETTING.allowFormulas, fileId),
  workspaceAccount: mine.get(SETTING.workspace),
  accountNotice: mine.get(SETTING.accountNotice),
  keyTested: mine.get(SETTING.keyTested),
  plan: mine.get(SETTING.plan),
});

/**
 * A new key forgets what was learnt of the old one; a new address forgets the key test. Without a
 * spreadsheet (`fileId` null), the formulas' use of the key is left as it was.
 */
export function writeSettings(
  mine: RecordStore,
  fileId: string | null,
  change: SettingsChange,
): void {
  const settings: Array<Setting<string | null> | Setting<boolean>> = [];
  if (change.apiKey !== undefined)
    settings.push(
      [SETTING.apiKey, change.apiKey.trim()],
      [SETTING.accountNotice, null],
      [SETTING.keyTested, false],
      [SETTING.plan, null],
    );
  if (change.baseUrl !== undefined)
    settings.push(
      [SETTING.baseUrl, change.baseUrl.trim().replace(/\/+$/, '')],
      [SETTING.keyTested, false],
    );
  if (change.allowFormulasToUseKey !== undefined && fileId !== null)
    settings.push([SETTING.allowFormulas, change.allowFormulasToUseKey, fileId]);
  if (change.workspaceAccount !== undefined)
    settings.push([SETTING.workspace, change.workspaceAccount]);
  settle(mine, settings, change.branding ? [entry(BRANDING, change.branding)] : []);
}

/** What Test connection found of the saved key: accepted (remembered), or not. */
export const rememberKeyTest = (mine: RecordStore, accepted: boolean): void =>
  settle(mine, [[SETTING.keyTested, accepted]]);

/** What Generate learnt of the key's account (its plan, or a refusal), written only when new. */
export function remember(mine: RecordStore, kind: RecordKind<string | null>, said: string): void {
  if (mine.get(kind) !== said) mine.put(kind, said);
}

/** The service's address and the person's key, as every request of theirs is made with. */
export function configOf(mine: RecordStore): ClientConfig {
  const key = mine.get(SETTING.apiKey);
  return {
    baseUrl: mine.get(SETTING.baseUrl) ?? DEFAULT_BASE_URL,
    ...(key ? { apiKey: key } : {}),
  };
}

export interface SavedWebhook {
  url: string;
  /** Why the platform refused it, when it did: team alerts wait for a new one. */
  broken: string | null;
}

export function savedWebhook(mine: RecordStore): SavedWebhook | null {
  const url = mine.get(SETTING.webhook);
  return url ? { url, broken: mine.get(SETTING.webhookBroken) } : null;
}

/** Saves a checked webhook (null removes it); either way, what was learnt of the old one goes. */
export const saveWebhook = (mine: RecordStore, url: string | null): void =>
  settle(mine, [
    [SETTING.webhook, url],
    [SETTING.webhookBroken, null],
  ]);
