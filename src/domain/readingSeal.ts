/**
 * A reading in `Score history` as its recorder's own: every editor can type into that sheet, so a
 * schedule that e-mails or draws a deck unattended from the owner's account quotes only readings
 * the owner's runs recorded, each carrying a seal (an HMAC under a key in the owner's user
 * properties) over every field a deck or an e-mail quotes. A row typed or changed by anyone else
 * fails its seal and is left out. Values are range-checked as the service's answers are.
 */
import { PLATFORMS } from '../engines';
import { timeOf, type Cell } from './cells';
import type { HistoryKey } from './table';

/** Characters of the seal kept in the cell: 96 bits of the HMAC, enough that none is guessed. */
export const SEAL_CHARS = 16;

type Reading = Partial<Record<HistoryKey, Cell | unknown>>;

/**
 * A value as its cell reads back: the apostrophe that keeps `+Brand` or `00123` text (cells.ts
 * safeText, literalText) is not part of the value Sheets keeps, so a seal made as the reading was
 * written holds for it as it is read.
 */
const text = (v: unknown): string =>
  v === null || v === undefined ? '' : String(v).trim().replace(/^'/, '');
const time = (v: unknown): string => String(timeOf(v) ?? text(v));

/** What a seal signs: the fields in a fixed order, times as milliseconds. */
export function readingText(r: Reading): string {
  return JSON.stringify([
    text(r.website).toLowerCase(),
    time(r.checked),
    text(r.brand),
    text(r.score),
    ...PLATFORMS.map((p) => text(r[p])),
    time(r.lastScanned),
    text(r.source),
    text(r.reference),
  ]);
}

/** A score as a reading may hold it: a number from 0 to 100, or none. */
export const scoreInRange = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100 ? v : null;

/**
 * The seals a `Seal` cell holds: one per person whose run recorded the reading (a teammate may
 * have recorded it first; the owner's run then adds hers beside it).
 */
export const sealsIn = (cell: unknown): string[] =>
  typeof cell === 'string' ? cell.split(/\s+/).filter(Boolean) : [];

/** Whether two readings say the same (when each was checked aside): one may seal the other. */
export const sameReading = (a: Reading, b: Reading): boolean =>
  readingText({ ...a, checked: '' }) === readingText({ ...b, checked: '' });
