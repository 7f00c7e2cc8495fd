/**
 * Lead watches: what the Leads tab sends and shows. JSON-safe, imported by the page and the server.
 */
export interface LeadWatchInput {
  sheetName: string;
  /** Headers of the columns the watch reads. */
  website: string;
  email?: string;
  consent?: string;
  /** Answers of the consent column that mean yes besides a plain yes: the form's consent choice. */
  consentYes?: string[];
  mode: 'preview' | 'link';
  subject?: string;
  body?: string;
  /** On a sheet no form fills: the rows a day the owner lets spend her key and mail. */
  dailyCap?: number;
  /** Also handle the rows already in the sheet; otherwise they are marked and left alone. */
  includeEarlier?: boolean;
}

/**
 * New rows a watch handles in a day: a form flooded with responses must not make thousands of
 * previews and e-mails from its owner's account. Rows past it wait, untouched, for tomorrow.
 */
export const LEADS_PER_DAY = 200;

/** A watch as every editor sees it; the template goes to its owner only. */
export interface LeadWatchView {
  id: string;
  sheetName: string;
  website: string;
  email: string | null;
  consent: string | null;
  consentYes: string[];
  /** Rows a day it handles (the owner's cap on a sheet no form fills). */
  dailyCap: number;
  mode: 'preview' | 'link';
  owner: string;
  mine: boolean;
  /** Its owner's template; null for anyone else, or without e-mail. */
  mail: { subject: string; body: string } | null;
  /** When its last new row was handled (ISO), or null. */
  lastNewRow: string | null;
  reportsToday: number;
  emailsToday: number;
  /** Rows whose e-mail waits for tomorrow's recipients (or for the permission). */
  waiting: number;
  /**
   * Rows of a form's sheet no form response delivered (pasted, typed, or an event Google lost):
   * not leads until the watch's owner accepts them.
   */
  awaitingYou: number;
  /** Its sheet was deleted: nothing arrives to watch. */
  gone: boolean;
}

export interface LeadsView {
  watches: LeadWatchView[];
  /** The document's sheets with their headers, for the form's choices; `form`: a form fills it. */
  sheets: Array<{ name: string; headers: string[]; form: boolean }>;
  /** The person has a key: previews are possible; without one, watches write the no-cost link. */
  hasKey: boolean;
  /** Permissions the watch needs that the person has not granted, said in words. */
  missing: string[];
}

export interface LeadsReport {
  ok: boolean;
  message: string;
  view: LeadsView;
}

/**
 * The lead e-mail a watch starts with, per mode: plain text, white-label (nothing names the
 * add-on), and true to what the link does. A preview's report page fills in as its scan completes;
 * the no-cost link starts the scan only when the lead opens it, after signing in to the service.
 */
export const DEFAULT_TEMPLATES = {
  preview: {
    subject: 'Your AI visibility report for {website}',
    body: [
      'Hello,',
      '',
      'Thank you for asking. Your report on how AI assistants see {website} is here:',
      '{report link}',
      '',
      'The page fills in as the scan completes, within a few minutes.',
    ].join('\n'),
  },
  link: {
    subject: 'Your free AI visibility report for {website}',
    body: [
      'Hello,',
      '',
      'Thank you for asking. Open this link to start your free report on how AI assistants see {website}:',
      '{report link}',
      '',
      'The page asks you to sign in first; your report is then made while you wait, in a few minutes.',
    ].join('\n'),
  },
} as const;
