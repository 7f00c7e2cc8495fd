/**
 * Freezing VIS_* formulas into their values, for a snapshot that costs no request when opened,
 * and putting them back. Sheets keeps an array formula's result only while the formula is there:
 * replaced alone, its result vanishes; put back over values, it shows #REF!. So both act on a
 * formula's whole result (its extent, from its arguments), whichever of its cells is selected.
 *
 * The formula waits in its first cell's note with the extent and a check of what the freeze
 * wrote, so that restoring clears only those cells and never what someone typed since.
 */
import { PRODUCT_NAME } from '../contract/product';
import { a1 } from './a1';
import { literalText } from './cells';
import { fnv1a } from './hash';
import { overlaps, resultExtent, type Extent } from './visFunctions';
import { counted } from '../contract/words';

const NOTE = `Frozen by ${PRODUCT_NAME}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A frozen block's note, read back: its size and the formula it held. */
const FIRST_LINE = new RegExp(`^${escapeRegExp(NOTE)} \\((\\d+)x(\\d+)\\): (=.*)$`);
const CHECK_LINE = /^Check: ([0-9a-f]+)$/;
/** Row groups checked: few enough for the note to stay short on a 10,000-row result. */
const CHECK_GROUPS = 32;
const CHECK_DIGITS = 4;

/** Cells of one extent as read: values and formulas, row by row. */
export interface Cells {
  values: unknown[][];
  formulas: string[][];
}

/** A block read at (top, left): the scan for formulas or frozen notes reaching a selection. */
export interface Scan {
  top: number;
  left: number;
  cells: string[][];
}

export interface Found {
  extent: Extent;
  formula: string;
  /** Row-group checks of what the freeze wrote; absent in notes of earlier versions. */
  check?: string;
  /** The note it was read from, word for word (a frozen result's only). */
  note?: string;
}

type Grid = { rows: number; cols: number };

/** Every VIS_* formula of the scan whose result reaches the selection. */
export function formulasReaching(scan: Scan, selection: Extent, grid: Grid): Found[] {
  return collect(scan, selection, (text, at) => {
    const extent = resultExtent(text, at, grid);
    return extent ? { extent, formula: text } : null;
  });
}

/** Every frozen note of the scan whose block reaches the selection. */
export function frozenReaching(scan: Scan, selection: Extent): Found[] {
  return collect(scan, selection, (text, at) => parseNote(text, at));
}

function collect(
  scan: Scan,
  selection: Extent,
  read: (text: string, at: { row: number; col: number }) => Found | null,
): Found[] {
  const out: Found[] = [];
  scan.cells.forEach((line, r) =>
    line.forEach((text, c) => {
      if (!text) return;
      const found = read(text, { row: scan.top + r, col: scan.left + c });
      if (found && overlaps(found.extent, selection)) out.push(found);
    }),
  );
  return out;
}

function parseNote(note: string, at: { row: number; col: number }): Found | null {
  const [first = '', second = ''] = note.split('\n');
  const m = FIRST_LINE.exec(first);
  if (!m) return null;
  const found: Found = {
    extent: { ...at, rows: Number(m[1]), cols: Number(m[2]) },
    formula: m[3] as string,
    note,
  };
  const check = CHECK_LINE.exec(second)?.[1];
  if (check) found.check = check;
  return found;
}

function notFinal(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return value === '' || /^(loading|error|#)/i.test(value);
}

/** A cell's content as it reads back: the same for what was written and what is read later. */
function canonical(value: unknown, formula: string): string {
  if (formula) return `f${formula}`;
  if (value instanceof Date) return `d${value.getTime()}`;
  return `${typeof value}${String(value ?? '')}`;
}

function rowsPerGroup(rows: number): number {
  return Math.ceil(rows / CHECK_GROUPS);
}

/** A short hash per group of rows: which rows someone changed since the freeze. */
function checks(cells: Cells): string[] {
  const size = rowsPerGroup(cells.values.length);
  const out: string[] = [];
  for (let start = 0; start < cells.values.length; start += size) {
    const text = cells.values
      .slice(start, start + size)
      .map((line, r) =>
        line.map((v, c) => canonical(v, cells.formulas[start + r]?.[c] ?? '')).join('\u0001'),
      )
      .join('\u0002');
    out.push(fnv1a(text).slice(0, CHECK_DIGITS));
  }
  return out;
}

export type FreezeOutcome =
  { kind: 'frozen'; values: unknown[][]; note: string } | { kind: 'skipped' };

/**
 * The whole result of one formula as values, its first cell's note holding the formula. A result
 * still loading or in error (#REF! included) is left as a formula.
 */
export function freezeResult(found: Found, cells: Cells): FreezeOutcome {
  if (notFinal(cells.values[0]?.[0])) return { kind: 'skipped' };
  // The first cell reads back as the value written there, with no formula.
  const written: Cells = {
    values: cells.values,
    formulas: cells.formulas.map((line, r) => line.map((f, c) => (r || c ? f : ''))),
  };
  const values = written.values.map((line, r) =>
    line.map((v, c) => {
      const formula = written.formulas[r]?.[c] ?? '';
      if (formula) return formula;
      return typeof v === 'string' ? literalText(v) : v;
    }),
  );
  const { rows, cols } = found.extent;
  const note = `${NOTE} (${rows}x${cols}): ${found.formula}\nCheck: ${checks(written).join('')}`;
  return { kind: 'frozen', values, note };
}

export type RestoreOutcome =
  | { kind: 'restored'; values: unknown[][] }
  /** Cells changed since the freeze, in A1: nothing is cleared, the values stay. */
  | { kind: 'blocked'; changed: string[] };

/** The formula back in its first cell and the cells the freeze wrote cleared, or why not. */
export function restoreResult(found: Found, cells: Cells): RestoreOutcome {
  const changed = found.check ? changedRows(found, cells) : [];
  if (changed.length) return { kind: 'blocked', changed };
  const values = cells.values.map((line, r) =>
    line.map((_, c) => {
      if (!r && !c) return found.formula;
      return cells.formulas[r]?.[c] ?? '';
    }),
  );
  return { kind: 'restored', values };
}

function changedRows(found: Found, cells: Cells): string[] {
  const now = checks(cells);
  const size = rowsPerGroup(cells.values.length);
  const { row, col, rows, cols } = found.extent;
  const out: string[] = [];
  now.forEach((hash, g) => {
    if (found.check!.slice(g * CHECK_DIGITS, (g + 1) * CHECK_DIGITS) === hash) return;
    const first = row + g * size;
    out.push(a1(first, col, Math.min(size, row + rows - first), cols));
  });
  return out;
}

export interface FreezeTally {
  changed: number;
  skipped: number;
  /** Frozen notes this person's freeze did not write (another person's, or edited): left alone. */
  notMine: number;
  /** Results left frozen on restore, each with the cells in the way. */
  blocked: Array<{ at: string; changed: string[] }>;
}

export type FreezeVerb = 'freeze' | 'restore';

const NOTHING_TO: Record<FreezeVerb, string> = {
  freeze: 'No =VIS_ formulas in the selection: select the cells that hold them, then freeze again.',
  restore: `No frozen values in the selection: select cells frozen by this add-on (their note says "${NOTE}"), then restore again.`,
};

/** What the user is told after a freeze or restore. */
export function freezeMessage(
  verb: FreezeVerb,
  tally: FreezeTally,
): { state: 'done' | 'nothing'; message: string } {
  const skipped = tally.skipped
    ? `${tally.skipped} still loading or showing an error: left as formulas. Wait, or fix them, and try again.`
    : '';
  const notMine = tally.notMine
    ? `${counted(tally.notMine, 'frozen result')} left as ${tally.notMine === 1 ? 'it is' : 'they are'}: frozen by someone else, or ${tally.notMine === 1 ? 'its' : 'their'} note was changed since. Only the person who froze a result can restore it.`
    : '';
  const blocked = tally.blocked.length
    ? `${tally.blocked
        .map((b) => `${b.at} stays frozen: ${b.changed.join(', ')} changed since the freeze`)
        .join('; ')}. Move or clear what was typed there, then restore again.`
    : '';
  if (tally.changed === 0)
    return {
      state: 'nothing',
      message: [notMine, blocked, skipped].filter(Boolean).join(' ') || NOTHING_TO[verb],
    };
  const n = tally.changed;
  const done =
    verb === 'freeze'
      ? `${counted(n, 'formula')} frozen into values, each whole result (the formula kept in the note of its first cell).`
      : `${counted(n, 'formula')} restored.`;
  return { state: 'done', message: [done, notMine, blocked, skipped].filter(Boolean).join(' ') };
}
