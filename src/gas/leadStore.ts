/**
 * Where lead watches live. Each owner's definition (template included) is in their own user
 * properties: a watch's authority is what only its owner's account holds, and both of its
 * triggers (form-submit, clock) run as the owner with no document properties. What every editor
 * is shown of it (columns, owner, today's counts) is kept in the file as developer metadata,
 * which those triggers can write through the file they opened.
 */
import type { LeadTotals, LeadWatch, WatchStats } from '../domain/leads';
import { metadataStartingWith, setMetadata } from './docMetadata';
import { storedJson } from './storedJson';
import {
  deleteUserProperty,
  freshUserProperty,
  setUserProperties,
  userPropertiesStartingWith,
} from './userStore';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const MINE = (docId: string) => `vis.watch.${docId}.`;
const MAILED = (docId: string) => `vis.leads.mailed.${docId}`;
const SHARED = 'vis.watch.';
/** Hashes of (address, site) e-mailed: 900 of 9 characters fit one 9 KB property. */
const MAILED_KEPT = 900;

/** The watches this person saved in a document, oldest first. */
export function myWatches(docId: string): LeadWatch[] {
  return Object.values(userPropertiesStartingWith(MINE(docId)))
    .map((v) => storedJson<LeadWatch | null>(v, null))
    .filter((w): w is LeadWatch => !!w?.id)
    .sort((a, b) => a.created - b.created);
}

export function saveMyWatch(docId: string, id: string, watch: LeadWatch | null): void {
  if (watch) setUserProperties({ [MINE(docId) + id]: JSON.stringify(watch) });
  else deleteUserProperty(MINE(docId) + id);
}

const DIGESTED = (scheduleId: string) => `vis.leads.digested.${scheduleId}`;

/** The totals a schedule's last digest counted up to. */
export function digestedTotals(scheduleId: string): LeadTotals {
  return (
    storedJson<LeadTotals | null>(freshUserProperty(DIGESTED(scheduleId)), null) ?? {
      leads: 0,
      reports: 0,
      emails: 0,
    }
  );
}

export function saveDigestedTotals(scheduleId: string, totals: LeadTotals): void {
  setUserProperties({ [DIGESTED(scheduleId)]: JSON.stringify(totals) });
}

/** What every editor sees of a watch: no template, no addresses. */
export type SharedWatch = Omit<LeadWatch, 'mail'> & { mailing: boolean; stats: WatchStats };

export function sharedWatches(book: Book): SharedWatch[] {
  return Object.values(metadataStartingWith(book, SHARED))
    .map((v) => storedJson<SharedWatch | null>(v, null))
    .filter((w): w is SharedWatch => !!w?.id)
    .sort((a, b) => a.created - b.created);
}

export function saveSharedWatch(book: Book, id: string, watch: SharedWatch | null): void {
  setMetadata(book, SHARED + id, watch ? JSON.stringify(watch) : null);
}

/** The (address, site) pairs this person's watches e-mailed in a document. */
export function mailedRecord(docId: string): Set<string> {
  return new Set((freshUserProperty(MAILED(docId)) ?? '').split(',').filter(Boolean));
}

/** Recorded before the e-mails go: a run cut off after sending must not send them again. */
export function recordMailed(docId: string, keys: readonly string[]): void {
  if (!keys.length) return;
  const all = [...mailedRecord(docId), ...keys].slice(-MAILED_KEPT);
  setUserProperties({ [MAILED(docId)]: all.join(',') });
}

/** An e-mail that could not go after all is taken off the record, so a later run may send it. */
export function unrecordMailed(docId: string, keys: readonly string[]): void {
  if (!keys.length) return;
  const drop = new Set(keys);
  const kept = [...mailedRecord(docId)].filter((k) => !drop.has(k));
  setUserProperties({ [MAILED(docId)]: kept.join(',') });
}
