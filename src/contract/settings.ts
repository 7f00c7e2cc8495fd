/**
 * Settings: the key, the address, the account and the day's quotas. Payloads the server's
 * functions (src/index.ts) return and the sidebar page reads: JSON-safe, imported by both.
 */
import type { Branding } from './reports';

export interface SettingsView {
  hasKey: boolean;
  /** e.g. "••••••••3f9a": never the key itself. */
  maskedKey: string | null;
  /** Test connection accepted this key at this address (until either changes). */
  keyTested: boolean;
  baseUrl: string;
  defaultBaseUrl: string;
  allowFormulasToUseKey: boolean;
  /** The person says their account is on Google Workspace: its larger daily quotas apply. */
  workspaceAccount: boolean;
  /** A refusal learnt at Generate (plan, partner team, read-only), until the key changes. */
  accountNotice: string | null;
  /** The key's plan in words, as Generate last showed it ("Starter or Pro plan"), or null. */
  plan: string | null;
  /** The team webhook for schedule alerts, masked ("Slack webhook ••••••••x9Qz"), or null. */
  webhook: string | null;
  /** Why the platform refused the saved webhook: alerts wait for a new one. */
  webhookNotice: string | null;
  /** Settings -> Branding: what a report deck's cover carries. */
  branding: Branding;
  triggerMinutes: number;
  /**
   * Why this person may not let formulas use their key here, in words, or null when they may.
   * Custom functions run with the spreadsheet owner's properties, so only the owner's key can
   * serve them, and a file in a shared drive has no owner.
   */
  formulaKeyRefused: string | null;
  /**
   * What the person left unticked on Google's consent screen, each in words ("Report decks need
   * permission to make presentations in Google Slides"), and Google's link that asks for them.
   */
  permissions: { missing: string[]; grantUrl: string | null };
  /** Why the last change was not saved (a bad address, a key with spaces, not the owner). */
  refused: string | null;
}

export interface SettingsChange {
  apiKey?: string;
  baseUrl?: string;
  allowFormulasToUseKey?: boolean;
  workspaceAccount?: boolean;
  /** A Slack or Google Chat incoming webhook; '' removes the saved one. */
  webhook?: string;
  /** Checked on save (domain/branding.ts); a refusal is said in `refused`. */
  branding?: Branding;
}

export interface ConnectionReport {
  ok: boolean;
  serviceReachable: boolean;
  keyAccepted: boolean | null;
  message: string;
}

export interface UsageView {
  /** URL fetches made today by this user. */
  today: number;
  quota: number;
  left: number;
  /** Kept back for polling previews already started. */
  reserve: number;
  tier: 'consumer' | 'workspace';
  /** Why this quota is assumed, in plain words. */
  why: string;
  /** Property reads and writes the add-on made today (Google counts them against a quota). */
  properties: { today: number; quota: number };
  /** Minutes the background work ran today, of the day's trigger run time. */
  triggerMinutes: { today: number; quota: number };
}

/** Where a permission left unticked is granted again: the Settings tab's link (its words). */
export const GRANT_STEP = 'grant it in Settings (Grant access)';

/**
 * How the server's words begin when the file's developer metadata is full (src/gas/docMetadata.ts
 * MetadataFull): a sentence for the person, which the sidebar shows as it is.
 */
export const METADATA_FULL = "This spreadsheet's developer metadata is full";
