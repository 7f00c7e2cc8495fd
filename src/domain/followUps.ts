/**
 * Contacted prospects as data: what marking a row writes, and which contacted rows of a workbook
 * moved enough since contact to follow up, largest move first.
 */
import { DEFAULTS } from '../contract/defaults';
import { isBlank, safeText } from './cells';
import { actionable, type SelectedRow } from './selectedRow';
import { CONTACT_HEADERS, FOLLOW_UP_HEADERS, FOLLOW_UPS_SHEET, type FollowUpKey } from './table';
import { SCORE_HEADERS } from './scoreColumns';

const isScore = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

export type ContactPatch = { contacted: Date; scoreAtContact: number | '' };

/** `scoreColumn`: the list's `Public score` column (1-based), 0 when it has none. */
export function planContacted(selected: SelectedRow[], scoreColumn: number, now: Date) {
  const acted = actionable(selected);
  const patches = new Map<number, ContactPatch>();
  let unscored = 0;
  for (const r of acted.rows) {
    const score = scoreColumn ? r.values[scoreColumn - 1] : '';
    if (!isScore(score)) unscored++;
    patches.set(r.row, { contacted: now, scoreAtContact: isScore(score) ? score : '' });
  }
  if (patches.size === 0)
    return {
      state: 'nothing' as const,
      message:
        `No prospect to mark: select the rows of the prospects you contacted. ${acted.note}`.trim(),
      patches,
    };
  const parts = [`${rows(patches.size)} marked contacted, with the score at contact.`];
  if (unscored)
    parts.push(
      `${rows(unscored)} had no "${SCORE_HEADERS.score}" yet: score them (Scores tab) and mark them again to follow their moves.`,
    );
  if (acted.note) parts.push(acted.note);
  return { state: 'done' as const, message: parts.join(' '), patches };
}

/** A row of any list, read for the follow-ups. */
export interface FollowUpSource {
  sheet: string;
  website: unknown;
  contacted: unknown;
  scoreAtContact: unknown;
  score: unknown;
  reportUrl: unknown;
  pitch: unknown;
}

type FollowUp = Record<FollowUpKey, unknown>;

/** The smallest move worth a follow-up, as a person typed it, or why it is not one. */
export function checkMinChange(
  input: unknown,
): { ok: true; value: number } | { ok: false; message: string } {
  const value =
    input === undefined || input === null || input === '' ? DEFAULTS.minChange : Number(input);
  return Number.isFinite(value) && value >= 0
    ? { ok: true, value }
    : { ok: false, message: 'The smallest change worth a follow-up is 0 points or more.' };
}

/**
 * The follow-up table (headers first): every contacted row whose `Public score` differs from its
 * `Score at contact` by at least `minChange`, the largest change first (ties in list order).
 */
export function followUpTable(sources: FollowUpSource[], minChange: number) {
  const contacted = sources.filter((s) => !isBlank(s.contacted));
  const moved: FollowUp[] = [];
  for (const s of contacted) {
    if (!isScore(s.score) || !isScore(s.scoreAtContact)) continue;
    const change = s.score - s.scoreAtContact;
    if (Math.abs(change) < minChange) continue;
    moved.push({ ...s, change });
  }
  moved.sort((a, b) => Math.abs(b.change as number) - Math.abs(a.change as number));
  const keys = Object.keys(FOLLOW_UP_HEADERS) as FollowUpKey[];
  const cell = (v: unknown) => (typeof v === 'string' ? safeText(v) : isBlank(v) ? '' : v);
  return {
    values: [
      keys.map((k) => FOLLOW_UP_HEADERS[k]),
      ...moved.map((f) => keys.map((k) => cell(f[k]))),
    ],
    contacted: contacted.length,
    rows: moved.length,
  };
}

export function followUpMessage(r: { contacted: number; rows: number }, minChange: number): string {
  if (r.contacted === 0)
    return `No row is marked contacted yet: select the prospects you wrote to and choose "Mark contacted" (it fills "${CONTACT_HEADERS.contacted}").`;
  if (r.rows === 0)
    return `None of the ${r.contacted} contacted prospects moved by ${minChange} points or more since contact.`;
  return `${r.rows} of the ${r.contacted} contacted prospects moved by ${minChange} points or more since contact: see the "${FOLLOW_UPS_SHEET}" sheet, largest move first.`;
}
