/**
 * Pitches as data: a template's `{Placeholder}`s filled per row from the row's own cells (by
 * their row-1 header) and from facts derived from its engine scores, and what a run writes.
 * Mail-merge tools fill `{{Column}}` themselves, so a double-braced name is left as it is.
 */
import type { PitchTemplate } from '../contract/outreach';
import { ENGINES, PLATFORMS } from '../engines';
import { isBlank, literalText } from './cells';
import { actionable, type SelectedRow } from './selectedRow';
import { headerKey, PITCH_HEADERS, WEBSITE_HEADER, type PitchKey } from './table';
import { parseWebsite } from './website';
import { counted } from '../contract/words';

const TOKEN = /\{\{[^{}]*\}\}|\{([^{}]*)\}/g;

export type PitchRow = Pick<SelectedRow, 'row' | 'values' | 'shown'>;

interface EngineReading {
  label: string;
  score: number;
  shown: string;
}

interface Engines {
  weakest: EngineReading | null;
  strongest: EngineReading | null;
}

/** Facts no column holds, derived from the row's engine scores. */
const DERIVED: Record<string, (e: Engines) => string | undefined> = {
  'Weakest engine': (e) => e.weakest?.label,
  'Weakest engine score': (e) => e.weakest?.shown,
  'Strongest engine': (e) => e.strongest?.label,
  'Strongest engine score': (e) => e.strongest?.shown,
};

export const DERIVED_PLACEHOLDERS = Object.keys(DERIVED);

const derivedName = (name: string) =>
  DERIVED_PLACEHOLDERS.find((d) => headerKey(d) === headerKey(name));

/** The single-braced names a template uses, each once, in the order it first uses them. */
export function placeholdersOf(template: string): string[] {
  const names = new Map<string, string>();
  for (const match of template.matchAll(TOKEN)) {
    const name = match[1];
    if (name !== undefined && !names.has(headerKey(name))) names.set(headerKey(name), name.trim());
  }
  return Array.from(names.values());
}

/** What a sheet offers a template: its headers as written, then the derived facts. */
export function offeredPlaceholders(headers: unknown[]): string[] {
  const own = headers.map((h) => String(h ?? '').trim()).filter(Boolean);
  const taken = new Set(own.map(headerKey));
  return [...own, ...DERIVED_PLACEHOLDERS.filter((d) => !taken.has(headerKey(d)))];
}

const columnOf = (headers: unknown[], name: string) =>
  headerKey(name) ? headers.findIndex((h) => headerKey(h) === headerKey(name)) : -1;

/**
 * The mail-merge fields (`{{First name}}`) the sheet has no column for: the merge tool fills them
 * from the sheet's columns by header, so each would reach the prospect blank, or as written.
 */
export function mergeFieldsMissing(template: string, headers: unknown[]): string[] {
  const names = [...template.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!.trim());
  return [...new Set(names)].filter((n) => columnOf(headers, n) < 0);
}

/** The warning a template with such fields gets before it is written, or ''. */
export function mergeWarning(template: string, headers: unknown[]): string {
  const missing = mergeFieldsMissing(template, headers);
  return missing.length
    ? `Check before sending: ${missing.map((n) => `{{${n}}}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} for your mail-merge tool, and this sheet has no column of that name: add one, or the prospect gets it blank.`
    : '';
}

/** Placeholders that are neither a header of the sheet nor a derived fact. */
export function unknownPlaceholders(template: string, headers: unknown[]): string[] {
  return placeholdersOf(template).filter((n) => columnOf(headers, n) < 0 && !derivedName(n));
}

/**
 * The weakest and strongest engine of a row. A blank engine was not queried: it is neither. A tie
 * goes to the engine listed first (ENGINES' order).
 */
export function engineExtremes(headers: unknown[], row: PitchRow): Engines {
  const readings: EngineReading[] = [];
  for (const p of PLATFORMS) {
    const i = columnOf(headers, ENGINES[p]);
    const score = i >= 0 ? row.values[i] : '';
    if (typeof score === 'number' && Number.isFinite(score))
      readings.push({ label: ENGINES[p], score, shown: row.shown[i] ?? String(score) });
  }
  const pick = (better: (a: number, b: number) => boolean) =>
    readings.reduce<EngineReading | null>((m, r) => (!m || better(r.score, m.score) ? r : m), null);
  return { weakest: pick((a, b) => a < b), strongest: pick((a, b) => a > b) };
}

export type Filled = { ok: true; text: string } | { ok: false; missing: string[] };

/** A row's pitch, or every placeholder it lacks a value for (a sheet's own column wins a name). */
export function fillPitch(template: string, headers: unknown[], row: PitchRow): Filled {
  const engines = engineExtremes(headers, row);
  const missing = new Set<string>();
  const valueOf = (name: string): string | undefined => {
    const i = columnOf(headers, name);
    if (i >= 0 && isBlank(row.values[i])) return undefined;
    // The Website column reads as the site a person would write (shopify.com), not the URL
    // the list holds (https://www.shopify.com/?utm_source=…).
    if (i >= 0 && headerKey(headers[i]) === headerKey(WEBSITE_HEADER)) {
      const site = parseWebsite(row.values[i]);
      if (site.ok) return site.domain;
    }
    if (i >= 0) return row.shown[i] ?? String(row.values[i]);
    const derived = derivedName(name);
    return derived ? DERIVED[derived]!(engines) : undefined;
  };
  const text = template.replace(TOKEN, (token: string, name: string | undefined) => {
    if (name === undefined) return token;
    const value = valueOf(name);
    if (value === undefined) {
      const i = columnOf(headers, name);
      missing.add(i >= 0 ? String(headers[i]).trim() : (derivedName(name) ?? name.trim()));
    }
    return value ?? '';
  });
  return missing.size ? { ok: false, missing: Array.from(missing) } : { ok: true, text };
}

export type PitchPatch = Record<PitchKey, string>;

export type PitchPlan =
  | { state: 'refused' | 'nothing'; message: string }
  | {
      state: 'done';
      message: string;
      patches: Map<number, PitchPatch>;
      written: number;
      missing: number;
    };

/** What a run writes: the whole run refused on an unknown placeholder, before anything. */
export function planPitches(
  template: string,
  headers: unknown[],
  selected: SelectedRow[],
): PitchPlan {
  if (!template.trim())
    return { state: 'nothing', message: 'Write a template, or pick one, before writing pitches.' };
  const unknown = unknownPlaceholders(template, headers);
  if (unknown.length)
    return {
      state: 'refused',
      message: `Nothing was written: ${unknown.map((n) => `{${n}}`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} neither a column header of this sheet nor one of ${DERIVED_PLACEHOLDERS.join(', ')}. Check the spelling against the placeholders listed.`,
    };
  // A prospect whose Website cell is blank is left alone, as a blank row is: a pitch about a
  // site's AI visibility has nothing to say of it, and an error beside it reads as a fault.
  const website = headers.findIndex((h) => headerKey(h) === headerKey(WEBSITE_HEADER));
  const acted = actionable(selected, {
    keeps: (r) => website < 0 || !isBlank(r.values[website]),
    leftAlone: (n) => `${counted(n, 'row')} with no website`,
  });
  if (acted.rows.length === 0)
    return {
      state: 'nothing',
      message:
        `No prospect to write to: select the prospects' rows (any column), then write pitches. ${acted.note}`.trim(),
    };
  return pitchPatches(template, headers, acted.rows, acted.note);
}

function pitchPatches(template: string, headers: unknown[], rows: PitchRow[], note: string) {
  const patches = new Map<number, PitchPatch>();
  let written = 0;
  for (const r of rows) {
    const f = fillPitch(template, headers, r);
    // A row that lacks a value loses any earlier pitch: an old pitch beside a new template misleads.
    patches.set(
      r.row,
      f.ok
        ? { pitch: literalText(f.text), message: '' }
        : { pitch: '', message: `missing: ${f.missing.join(', ')}` },
    );
    if (f.ok) written++;
  }
  const missing = rows.length - written;
  const parts = [
    `Pitches written for ${counted(written, 'row')}.`,
    mergeWarning(template, headers),
  ];
  if (missing)
    parts.push(
      `${counted(missing, 'row lacks', 'rows lack')} a value the template needs: see "${PITCH_HEADERS.message}".`,
    );
  if (note) parts.push(note);
  const message = parts.filter(Boolean).join(' ');
  return { state: 'done' as const, message, patches, written, missing };
}

/**
 * The starters every user has. They use only what the add-on's own columns hold; `{{First
 * name}}` is the mail-merge tool's to fill.
 */
/** The engines named in prose, from the one table of engines: "ChatGPT, Claude, Gemini and Google’s AI Overviews". */
const ENGINES_IN_PROSE = (() => {
  const names = Object.values(ENGINES).map((n) => (n === ENGINES.aio ? `Google’s ${n}` : n));
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
})();

export const STARTER_TEMPLATES: readonly PitchTemplate[] = [
  {
    // A list of previews (the sales flow): the preview's score and its shareable report.
    name: 'Cold introduction',
    text: `Hi {{First name}}, I ran a quick check of how AI assistants such as ${ENGINES.chatgpt} and ${ENGINES.gemini} present {Website}: it scores {Preview scan score} out of 100. Your free report is here: {Report URL}`,
  },
  {
    // A scored list: the public score and its engines.
    name: 'Agency audit offer',
    text: `Hi {{First name}}, we audit how ${ENGINES_IN_PROSE} describe brands. {Website} scores {Public score} overall: strongest on {Strongest engine} ({Strongest engine score}), and {Weakest engine} is where it loses most ground ({Weakest engine score}). Could we walk you through a full audit?`,
  },
  {
    // A contacted prospect whose score moved (the Follow-ups sheet lists them).
    name: 'Re-engagement after a move',
    text: 'Hi {{First name}}, since we last spoke the AI visibility of {Website} moved from {Score at contact} to {Public score}. {Weakest engine} is still its weakest engine ({Weakest engine score}). Worth a fresh look? {Report URL}',
  },
];

/** What one saved template may hold: a property value holds 9 KB (P1), with room to spare. */
export const TEMPLATE_TEXT_LIMIT = 2000;
export const TEMPLATE_NAME_LIMIT = 60;
export const SAVED_TEMPLATES_LIMIT = 30;

/** A template a person asked to keep, checked, or why it cannot be kept. */
export function checkPitchTemplate(
  input: unknown,
  saved: readonly PitchTemplate[],
): { ok: true; template: PitchTemplate } | { ok: false; message: string } {
  const t = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const name = typeof t.name === 'string' ? t.name.trim() : '';
  const text = typeof t.text === 'string' ? t.text.trim() : '';
  const fail = (message: string) => ({ ok: false as const, message });
  if (!name) return fail('Name the template to keep it.');
  if (name.length > TEMPLATE_NAME_LIMIT)
    return fail(`A template's name holds at most ${TEMPLATE_NAME_LIMIT} characters.`);
  if (STARTER_TEMPLATES.some((s) => headerKey(s.name) === headerKey(name)))
    return fail(`"${name}" is a starter template: save yours under another name.`);
  if (!text) return fail('The template is empty: write it before saving.');
  if (text.length > TEMPLATE_TEXT_LIMIT)
    return fail(
      `A template holds at most ${TEMPLATE_TEXT_LIMIT} characters (this one has ${text.length}).`,
    );
  const isNew = !saved.some((s) => headerKey(s.name) === headerKey(name));
  if (isNew && saved.length >= SAVED_TEMPLATES_LIMIT)
    return fail(
      `You keep ${SAVED_TEMPLATES_LIMIT} templates, the most there is room for: delete one first.`,
    );
  return { ok: true, template: { name, text } };
}
