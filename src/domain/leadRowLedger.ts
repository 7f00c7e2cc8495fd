/**
 * Which rows of a watched sheet its owner's watch has handled: the owner's own record, not the
 * `Lead status` cells (which every editor and any paste can write). A row is named by what the
 * lead gave (its first cell, a form's timestamp; its website; its address), and identical rows by
 * their order among themselves, so a sort or an inserted row changes no name, and an edited
 * response (a corrected address) is a new lead. A row whose report was made but whose e-mail waits
 * keeps the link the service gave, so the e-mail that goes later carries it, not a cell's.
 */
import { isBlank } from './cells';
import { fnv1a } from './hash';
import type { LeadRow, LeadWatch } from './leads';

export interface RowLedger {
  /** Rows handled for good (their report made or refused, their e-mail sent or not to be). */
  done: Set<string>;
  /** Rows whose report is made and whose e-mail waits: the link to send, by row. */
  links: Map<string, string>;
  /** Rows whose preview got no answer (a dropped connection, the service failing): tries so far. */
  tries?: Map<string, Tries>;
}

/** A lead's preview that got no answer: how often it was tried, and when first (ms; 0: unknown). */
export interface Tries {
  n: number;
  first: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * When a lead's preview that got no answer is tried again, counted from its first try: a
 * dropped connection is tried again within minutes, an outage over hours, and only after three
 * days of tries does its row say the error. A burst of responses during an outage (each a run)
 * spends no tries: a try waits for its time, whoever's run comes.
 */
export const RETRY_AFTER_MS = [
  0, 2, 10, 30, 60, 120, 240, 480, 960, 1440, 2160, 2880, 3600, 4320,
].map((minutes) => minutes * MINUTE);
/** How long a lead's preview is tried before its row says the error. */
export const RETRY_FOR_MS = 72 * HOUR;

/** Whether a lead's preview that got no answer may be tried now. */
export const retryDue = (t: Tries | undefined, now: number): boolean =>
  !t || !t.first || now >= t.first + RETRY_AFTER_MS[Math.min(t.n, RETRY_AFTER_MS.length - 1)]!;

/** Whether this try's failure is the last: three days of tries are over. */
export const lastTry = (t: Tries | undefined, now: number): boolean =>
  !!t && !!t.first && t.n + 1 >= RETRY_AFTER_MS.length && now - t.first >= RETRY_FOR_MS;

/** Each row's name: a hash of what the lead gave, and its place among rows that gave the same. */
export function rowIds(rows: readonly LeadRow[], watch: LeadWatch): Map<number, string> {
  const seen = new Map<string, number>();
  const ids = new Map<number, string>();
  for (const r of rows) {
    const what = fnv1a(
      JSON.stringify([
        Object.values(r.cells)[0],
        r.cells[watch.website],
        watch.email ? r.cells[watch.email] : '',
      ]),
    );
    const k = seen.get(what) ?? 0;
    seen.set(what, k + 1);
    ids.set(r.row, k ? `${what}.${k.toString(36)}` : what);
  }
  return ids;
}

/** The rows the watch has not handled for good, with something in their website column. */
export const unhandled = (
  rows: readonly LeadRow[],
  ids: ReadonlyMap<number, string>,
  ledger: RowLedger,
  watch: LeadWatch,
): LeadRow[] =>
  rows.filter((r) => !ledger.done.has(ids.get(r.row)!) && !isBlank(r.cells[watch.website]));

/**
 * The rows that are leads: on a form's responses sheet (`admitted` given), only those the owner's
 * record admits (each delivered by a form-submit event, or accepted by her); elsewhere every one.
 * `unadmitted`: the rest, which wait for her Accept.
 */
export function admittedLeads(
  waiting: readonly LeadRow[],
  ids: ReadonlyMap<number, string>,
  admitted: ReadonlySet<string> | null,
): { leads: LeadRow[]; unadmitted: number } {
  const leads = admitted ? waiting.filter((r) => admitted.has(ids.get(r.row)!)) : [...waiting];
  return { leads, unadmitted: waiting.length - leads.length };
}

/** A new watch's record: the rows already there are handled, unless the person asked for them. */
export function startingLedger(
  rows: readonly LeadRow[],
  watch: LeadWatch,
  includeEarlier: boolean,
): RowLedger {
  const ids = rowIds(rows, watch);
  const present = rows.filter((r) => !isBlank(r.cells[watch.website]));
  return {
    done: new Set(includeEarlier ? [] : present.map((r) => ids.get(r.row)!)),
    links: new Map(),
  };
}

/**
 * The record after a run: rows given a final status are done, rows whose e-mail waits keep their
 * link, and names of rows no longer in the sheet are dropped (the record never outgrows it).
 */
export function ledgerAfterRun(
  old: RowLedger,
  ids: ReadonlyMap<number, string>,
  outcome: ReadonlyArray<{ row: number; final: boolean; link: string | null; retry?: boolean }>,
  now: number,
): RowLedger {
  const present = new Set(ids.values());
  const done = new Set([...old.done].filter((id) => present.has(id)));
  const links = new Map([...old.links].filter(([id]) => present.has(id)));
  const tries = new Map([...(old.tries ?? [])].filter(([id]) => present.has(id)));
  for (const o of outcome) {
    const id = ids.get(o.row);
    if (!id) continue;
    if (o.final) {
      done.add(id);
      links.delete(id);
      tries.delete(id);
    } else if (o.link) links.set(id, o.link);
    else if (o.retry) {
      const t = tries.get(id);
      tries.set(id, { n: (t?.n ?? 0) + 1, first: t?.first || now });
    }
  }
  return { done, links, ...(tries.size ? { tries } : {}) };
}

/**
 * As kept in user properties: names separated by spaces, a waiting row as `name=link`, one tried
 * as `name~tries.first` (the first try in minutes, base 36).
 */
export function ledgerText(l: RowLedger): string[] {
  return [
    ...[...l.done].filter((id) => !l.links.has(id)),
    ...[...l.links].map(([id, link]) => `${id}=${link}`),
    ...[...(l.tries ?? [])].map(
      ([id, t]) => `${id}~${t.n}.${Math.floor(t.first / MINUTE).toString(36)}`,
    ),
  ];
}

const NAME = /^[0-9a-f]{8}(\.[0-9a-z]{1,6})?$/;

export function parseRowLedger(words: readonly string[]): RowLedger {
  const done = new Set<string>();
  const links = new Map<string, string>();
  const tries = new Map<string, Tries>();
  for (const word of words) {
    // An earlier version kept the count alone (`name~2`): its first try is not known.
    const tried = /^(.+)~([1-9][0-9]?)(?:\.([0-9a-z]{1,8}))?$/.exec(word);
    if (tried && NAME.test(tried[1]!))
      tries.set(tried[1]!, {
        n: Number(tried[2]),
        first: tried[3] ? parseInt(tried[3], 36) * MINUTE : 0,
      });
    if (tried) continue;
    const [id = '', link] = word.split(/=(.*)/s);
    if (!NAME.test(id)) continue;
    if (link && /^https?:\/\/\S+$/.test(link)) links.set(id, link);
    else if (link === undefined) done.add(id);
  }
  return { done, links, ...(tries.size ? { tries } : {}) };
}
