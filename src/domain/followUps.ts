/**
 * Contacted prospects as data: what marking a row writes, and which contacted rows of a workbook
 * moved enough since contact to follow up, largest move first.
 */
import { DEFAULTS } from '../contract/defaults';
import { isBlank, safeText } from './cells';
import { actionable, type SelectedRow } from './selectedRow';
import { cellsOf, headersOf, type Column } from './columns';
import type { Cell } from './cells';
import { PREVIEW_HEADERS } from './previewColumns';
import {
  CONTACT_COLUMNS,
  CONTACT_HEADERS,
  FOLLOW_UPS_SHEET,
  PITCH_HEADERS,
  WEBSITE_HEADER,
} from './table';
import { SCORE_HEADERS } from './scoreColumns';
import { counted } from '../contract/words';

const isScore = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
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
  const parts = [`${counted(patches.size, 'row')} marked contacted, with the score at contact.`];
  if (unscored)
    parts.push(
      `${counted(unscored, 'row')} had no "${SCORE_HEADERS.score}" yet: score them (Scores tab) and mark them again to follow their moves.`,
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

/** A contacted prospect whose score moved, and by how much. */
type FollowUp = FollowUpSource & { change: number };

/** A list's cell as the follow-ups quote it: text escaped as in every cell, nothing else changed. */
const quote = (k: keyof FollowUpSource) => (f: FollowUp) => {
  const v = f[k];
  return typeof v === 'string' ? safeText(v) : isBlank(v) ? '' : (v as Cell);
};

/** The `Follow-ups` sheet's columns, one row each (the shape of domain/columns.ts). */
export const FOLLOW_UP_COLUMNS = {
  sheet: { header: 'Sheet', read: quote('sheet') },
  website: { header: WEBSITE_HEADER, read: quote('website') },
  contacted: { ...CONTACT_COLUMNS.contacted, read: quote('contacted') },
  scoreAtContact: { header: CONTACT_HEADERS.scoreAtContact, read: quote('scoreAtContact') },
  score: { header: SCORE_HEADERS.score, read: quote('score') },
  change: { header: 'Change since contact', read: (f) => f.change },
  reportUrl: { header: PREVIEW_HEADERS.reportUrl, read: quote('reportUrl') },
  pitch: { header: PITCH_HEADERS.pitch, read: quote('pitch') },
} satisfies Record<string, Column<FollowUp>>;

type FollowUpKey = keyof typeof FOLLOW_UP_COLUMNS;
export const FOLLOW_UP_HEADERS = headersOf(FOLLOW_UP_COLUMNS);

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
  moved.sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
  return {
    values: [
      Object.values(FOLLOW_UP_HEADERS),
      ...moved.map((f) => Object.values(cellsOf<FollowUpKey, FollowUp>(FOLLOW_UP_COLUMNS, f))),
    ],
    contacted: contacted.length,
    rows: moved.length,
  };
}

export function followUpMessage(r: { contacted: number; rows: number }, minChange: number): string {
  if (r.contacted === 0)
    return `No row is marked contacted yet: select the prospects you wrote to and choose "Mark contacted" (it fills "${CONTACT_HEADERS.contacted}").`;
  if (r.rows === 0)
    return `None of the ${counted(r.contacted, 'contacted prospect')} moved by ${counted(minChange, 'point')} or more since contact.`;
  return `${r.rows} of the ${counted(r.contacted, 'contacted prospect')} moved by ${counted(minChange, 'point')} or more since contact: see the "${FOLLOW_UPS_SHEET}" sheet, largest move first.`;
}
