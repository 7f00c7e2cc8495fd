/**
 * Which rows of a selection to preview, and what to write back: pure decisions over values read
 * once from the sheet. A row that holds a uuid is never sent again; a site that appears twice is
 * sent once and both rows get its link.
 */
import { errorStatus, isErrorOf, readStatus, statusKind, STATUS, type ErrorKind } from './status';
import type { PreviewPoll } from '../api/client';
import { withRetryStep, type ServiceError } from '../api/errors';
import { safeLink, safeText } from './cells';
import { cellsOf } from './columns';
import { PREVIEW_COLUMNS, type RowPatch } from './previewColumns';
import { parseWebsite } from './website';
import { NOT_IN_INDEX } from './scoreLookup';

/** A row waits for its result while it holds a uuid and no final status. */
export function isPending(uuid: string, status: string): boolean {
  return uuid !== '' && (status === '' || statusKind(status) === 'pending');
}

/**
 * Status of a row whose POST got no answer in 3 tries. Previews cost no credits, so the next
 * Generate sends the row again by itself (it may make a second preview of the site).
 */
export const UNANSWERED = errorStatus('no answer');
export const BAD_URL = errorStatus('bad URL');
const UNANSWERED_MESSAGE =
  'the connection to the service dropped before its answer came, each time this row was sent: press Generate again to send it again';

/**
 * A row whose POST the service took too long to answer: sent once by the run, never again by it,
 * as the service most likely made the preview (its report link never reached the row).
 */
const TIMED_OUT_MESSAGE =
  'the service took too long to answer, so it may have made this preview anyway: it was not sent again. Press Generate again on this row only if no report reaches you (a second send may make a second preview)';

/** How an id is kept in its maker's properties: 16 hex digits, enough to tell millions apart. */
export const idKey = (uuid: string): string => uuid.toLowerCase().replace(/-/g, '').slice(0, 16);

/**
 * Who presses Generate: their address, and the keys (`idKey`) of the previews their key made in
 * this file, from their own record (a `Requested by` cell naming them is anyone's to type).
 */
export interface Presser {
  me: string;
  made: ReadonlySet<string>;
}

/** A press by nobody in particular: no row is theirs to lend. */
export const NO_PRESSER: Presser = { me: '', made: new Set() };

export interface RowState {
  row: number;
  website: unknown;
  uuid: string;
  status: string;
  reportUrl: string;
  /** When the row's preview was requested (a date), or blank. */
  requested: Date | string;
  /** Who the row's `Requested by` names (display: previewOwners.ts). */
  requestedBy: string;
}

interface Send {
  domain: string;
  url: string;
  /** The rows that get this preview: the first and any later duplicates of the site. */
  rows: number[];
}

export interface GenerationPlan {
  send: Send[];
  /** Duplicate rows of a site that already has a preview elsewhere: copy it, send nothing. */
  reuse: Array<{ row: number; from: RowState; kept?: true }>;
  invalid: Array<{ row: number; message: string }>;
  /** The preview ids the sheet already holds (lower case), each with the rows holding it. */
  known: Map<string, number[]>;
  alreadyHavePreview: number;
  blank: number;
  /** Rows that got no answer in an earlier run and are sent again. */
  retried: number;
  /** Bad URLs already marked in an earlier run. */
  flagged: number;
}

/**
 * `selection` are the rows to act on; `sheet` every row of the sheet, so that a site previewed in
 * another row is reused rather than sent twice.
 */
/**
 * Whether a row with a preview may lend it to another row of its site: the row then waits on a
 * poll of that preview, and only its maker's record asks about it. The presser's own always, as
 * their record knows it, whatever the row's `Requested by` says (the press records it as pending
 * again). A teammate's only while it reads pending, as their record then still holds it (a
 * completed one left it, and a status someone typed over says nothing of it). Never one nobody is
 * named for, nor one naming the presser that their record does not know: an ID pasted from
 * anywhere, beside any name typed, which no key may be spent on.
 */
const mayLend = (r: RowState, p: Presser): boolean =>
  p.made.has(idKey(r.uuid)) ||
  (!!r.requestedBy && r.requestedBy !== p.me && statusKind(r.status) === 'pending');

/** `presser`: who presses (a preview lends only as `mayLend` says). */
export function planGeneration(
  selection: RowState[],
  sheet: RowState[],
  presser: Presser = NO_PRESSER,
): GenerationPlan {
  const plan: GenerationPlan = {
    send: [],
    reuse: [],
    invalid: [],
    known: new Map(),
    alreadyHavePreview: 0,
    blank: 0,
    retried: 0,
    flagged: 0,
  };
  const existing = new Map<string, RowState>();
  for (const r of sheet) {
    const id = r.uuid.toLowerCase();
    if (id) plan.known.set(id, [...(plan.known.get(id) ?? []), r.row]);
    const site = parseWebsite(r.website);
    if (site.ok && r.uuid && !existing.has(site.domain) && mayLend(r, presser))
      existing.set(site.domain, r);
  }
  const sending = new Map<string, Send>();
  for (const r of selection) {
    if (r.uuid) {
      plan.alreadyHavePreview++;
      continue;
    }
    if (isErrorOf(r.status, 'no answer')) plan.retried++;
    const site = parseWebsite(r.website);
    if (!site.ok) {
      if (site.blank) plan.blank++;
      else if (isErrorOf(r.status, 'bad URL')) plan.flagged++;
      else plan.invalid.push({ row: r.row, message: site.message });
      continue;
    }
    const prior = existing.get(site.domain);
    if (prior) {
      plan.reuse.push({ row: r.row, from: prior });
      continue;
    }
    const queued = sending.get(site.domain);
    if (queued) queued.rows.push(r.row);
    else {
      const send = { domain: site.domain, url: site.url, rows: [r.row] };
      sending.set(site.domain, send);
      plan.send.push(send);
    }
  }
  return plan;
}

/**
 * Rows the sidebar's Retry sends again: failed on the service's side or without an answer. A bad
 * URL stays as it is: sending it again cannot help.
 */
export function isRetryable(status: unknown): boolean {
  const s = readStatus(status);
  return s?.kind === 'failed' || (s?.kind === 'error' && s.error !== 'bad URL');
}

/**
 * What Retry sends: exactly the rows that failed and may succeed if sent again, found by their
 * status wherever they are now (never a remembered range), their failed preview not counted as
 * one. Every other row of the sheet stays as it is, and may lend its preview to a retried site.
 */
/**
 * The rows Score found not in the public index (by their `Score message`) that have no preview
 * yet: a preview scores any website.
 */
export function notInIndexSelection(
  rows: RowState[],
  scoreMessage: (row: number) => unknown,
): RowState[] {
  return rows.filter((r) => !r.uuid && scoreMessage(r.row) === NOT_IN_INDEX);
}

export function retrySelection(rows: RowState[]): { selection: RowState[]; sheet: RowState[] } {
  return {
    selection: rows.filter((r) => isRetryable(r.status)).map((r) => ({ ...r, uuid: '' })),
    sheet: rows.filter((r) => !isRetryable(r.status)),
  };
}

/** Account-level refusals: the service refused before enqueueing anything; stop the whole run. */
export function isAccountRefusal(error: ServiceError): boolean {
  return [
    'READ_ONLY',
    'PLAN_UPGRADE_REQUIRED',
    'PARTNER_SCREENNAME_REQUIRED',
    'KEY_REFUSED',
    'KEY_MISSING',
    // Not the account's doing, but as account-wide: nothing more goes out today, no row is touched.
    'QUOTA_SPENT',
    'PERMISSION',
  ].includes(error.code);
}

/** No answer at all; an answer that could not be read is the service's error, said as such. */
function isUnanswered(error: ServiceError): boolean {
  return error.code === 'NETWORK';
}

/**
 * A row whose POST lost its answer to a dropped connection, while the run sends it again: said at
 * once, so a run Google stops before the second answer leaves the row saying why (the service may
 * have made a preview no row names), and Generate or Retry sends it again.
 */
const RESENDING: RowPatch = {
  status: UNANSWERED,
  message:
    'the connection to the service dropped before its answer came: this run was sending it again; if this stays, press Generate again',
};

/**
 * The rows of the sends at `resending` (lost, being sent again) marked as such where the round
 * trip writes nothing else for them.
 */
export function markResending(
  patches: Map<number, RowPatch>,
  sends: ReadonlyArray<{ rows: readonly number[] }>,
  resending: readonly number[],
): void {
  for (const i of resending)
    for (const row of sends[i]?.rows ?? [])
      if (!patches.has(row)) patches.set(row, { ...RESENDING });
}

/** `requested` is when the preview was asked for: polls wait until it can be done. */
export function createdPatch(
  uuid: string,
  reportUrl: string | null,
  requested: Date | string,
  requestedBy: string,
): RowPatch {
  return {
    uuid: safeText(uuid),
    status: STATUS.pending,
    reportUrl: safeLink(reportUrl),
    message: '',
    requested,
    requestedBy: safeText(requestedBy),
  };
}

/** Status `error: <kind>` (to filter on) and the sentence saying what to do in Preview message. */
export function errorPatch(error: ServiceError | { local: string }): RowPatch {
  if ('local' in error) return { status: BAD_URL, message: safeText(error.local) };
  if (isUnanswered(error)) return { status: UNANSWERED, message: UNANSWERED_MESSAGE };
  if (error.code === 'TIMED_OUT') return { status: UNANSWERED, message: TIMED_OUT_MESSAGE };
  const kind: ErrorKind =
    error.code === 'INVALID_URL'
      ? 'bad URL'
      : error.code === 'RATE_LIMITED' ||
          error.code === 'SERVER_ERROR' ||
          error.code === 'MALFORMED_RESPONSE'
        ? 'service error'
        : error.code === 'QUOTA'
          ? 'quota'
          : 'refused';
  return {
    status: errorStatus(kind),
    message: safeText(withRetryStep(error, 'press Generate again to retry')),
  };
}

/**
 * The service gave one preview id to two sites: which row's preview it is cannot be known, so
 * both rows say so, each naming the other, and neither shows the other's result.
 */
export function duplicateIdPatch(uuid: string, otherRow: number): RowPatch {
  return {
    uuid: safeText(uuid),
    status: errorStatus('duplicate ID'),
    message: `the service gave this preview's ID to row ${otherRow} too, so neither result can be trusted: clear the Preview UUID and press Generate`,
  };
}

/**
 * What a completed preview's score rests on, in its `Preview message`: one scan, made when it was
 * requested, whose answer names no engine (the preview gives an overall score only), and which is
 * never refreshed: a reading a person can take for a monitored one would be trusted past its day.
 */
export const PREVIEW_EVIDENCE =
  'One preview scan, on the day requested (an overall score only, no score per engine); never refreshed: Score reads the public index';

export function pollPatch(p: PreviewPoll): RowPatch | null {
  if (p.status === 'pending') return null;
  if (p.status === 'complete') {
    // The link as the service gives it to the person's key, over whatever the cell held (a row
    // Generate filled from another row of the same site, whose link anyone may have typed).
    const link = p.reportUrl ? { reportUrl: safeLink(p.reportUrl) } : {};
    return {
      ...{ status: STATUS.complete, ...cellsOf(PREVIEW_COLUMNS, p), ...link },
      message: PREVIEW_EVIDENCE,
    };
  }
  return {
    status: STATUS.failed,
    message: safeText(
      `the service reports this preview as "${p.status}": generate it again by clearing its Preview UUID`,
    ),
  };
}
