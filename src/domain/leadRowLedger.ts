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
  /** Rows whose preview got no answer (a dropped connection, the service failing): runs tried. */
  tries?: Map<string, number>;
}

/** Runs that send a lead's preview again after no answer, before its row says the error. */
export const REPORT_TRIES = 3;

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
    else if (o.retry) tries.set(id, (tries.get(id) ?? 0) + 1);
  }
  return { done, links, ...(tries.size ? { tries } : {}) };
}

/** As kept in user properties: names separated by spaces, a waiting row as `name=link`. */
export function ledgerText(l: RowLedger): string[] {
  return [
    ...[...l.done].filter((id) => !l.links.has(id)),
    ...[...l.links].map(([id, link]) => `${id}=${link}`),
    ...[...(l.tries ?? [])].map(([id, n]) => `${id}~${n}`),
  ];
}

const NAME = /^[0-9a-f]{8}(\.[0-9a-z]{1,6})?$/;

export function parseRowLedger(words: readonly string[]): RowLedger {
  const done = new Set<string>();
  const links = new Map<string, string>();
  const tries = new Map<string, number>();
  for (const word of words) {
    const tried = /^(.+)~([1-9])$/.exec(word);
    if (tried && NAME.test(tried[1]!)) tries.set(tried[1]!, Number(tried[2]));
    if (tried) continue;
    const [id = '', link] = word.split(/=(.*)/s);
    if (!NAME.test(id)) continue;
    if (link && /^https?:\/\/\S+$/.test(link)) links.set(id, link);
    else if (link === undefined) done.add(id);
  }
  return { done, links, ...(tries.size ? { tries } : {}) };
}
