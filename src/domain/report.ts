/**
 * A brand's report deck, decided from the sheet's readings alone: the selected brand's row, its
 * competitors' rows, and the brand's `Score history` over the period. Plain data in, a deck of
 * positioned boxes out (gas/slides.ts draws it, the runtime pictures it), so every number on a
 * slide is a cell of the sheet and a reading that is missing is said in words, never drawn as 0.
 */
import { PRODUCT_NAME } from '../contract/product';
import { ENGINES, PLATFORMS, type Platform } from '../engines';
import { competitionRanks, gap } from './compare';
import type { Branding } from './branding';
import { visibilityLevel } from './levels';
import { counted } from '../contract/words';
import { signed, weigh, weighedWords } from './swing';

/** What a row of a scored list says of a site (cells as read: a blank engine was not queried). */
export interface ReportRow {
  row: number;
  site: string;
  name: string;
  score: unknown;
  engines: Record<Platform, unknown>;
  lastScanned: number | null;
  reportUrl: string;
}

/** One reading of the brand in `Score history`. */
export interface ReportPoint {
  at: number;
  score: number;
  engines: Partial<Record<Platform, number>>;
  /** The brand's page in the index, as the reading recorded it (`Reference`). */
  page?: string;
}

export interface ReportInput {
  sheet: string;
  brand: ReportRow;
  competitors: ReportRow[];
  /** The brand's readings in `Score history`, any order, any age. */
  history: ReportPoint[];
  weeks: number;
  now: number;
  branding: Branding;
  /** A day as the spreadsheet's calendar says it ("2026-11-24"). */
  day: (time: number) => string;
  /** What the service says of the brand's score (its record's `_service` text), when at hand. */
  said?: string;
}

/** A box on a 720 x 405 slide: a filled shape, a text, or both; or a picture. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: string;
  text?: string;
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'START' | 'CENTER' | 'END';
  image?: string;
}

export interface Deck {
  title: string;
  slides: Box[][];
}

/** A deck as drawn in Google Slides. */
export interface DrawnDeck {
  id: string;
  url: string;
  slides: number;
  /** A new presentation (none was given, or the one given is gone). */
  made: boolean;
}

const WEEK_MS = 7 * 86_400_000;
const GREY = '#5f6368';
const LIGHT = '#e8eaed';
const INK = '#202124';

const isScore = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** A text box: where, what, and how it reads (most of a slide is these). */
const say = (
  x: number,
  y: number,
  w: number,
  h: number,
  text: string,
  size = 12,
  color = INK,
  bold = false,
): Box => ({ x, y, w, h, text, size, color, bold });
const block = (x: number, y: number, w: number, h: number, fill: string): Box => ({
  x,
  y,
  w,
  h,
  fill,
});
const title = (text: string, sub: string): Box[] => [
  say(40, 24, 640, 40, text, 24, INK, true),
  say(40, 62, 640, 22, sub, 11, GREY),
];
const footer = (text: string): Box => say(40, 372, 640, 22, text, 9, GREY);

/** A horizontal 0-100 bar with its label and number; a missing number is said, not drawn. */
function bar(label: string, value: unknown, y: number, colour: string, missing: string): Box[] {
  const name = say(40, y, 150, 22, label);
  if (!isScore(value)) return [name, say(200, y, 400, 22, missing, 11, GREY)];
  const width = Math.max(2, Math.round((Math.min(100, Math.max(0, value)) / 100) * 400));
  return [
    name,
    block(200, y + 3, 400, 16, LIGHT),
    block(200, y + 3, width, 16, colour),
    say(610, y, 70, 22, String(value), 12, INK, true),
  ];
}

function cover(input: ReportInput, from: number): Box[] {
  const { branding: b, brand } = input;
  const boxes: Box[] = [
    block(0, 0, 720, 12, b.accent),
    say(40, 120, 640, 60, brand.name, 36, INK, true),
    say(40, 185, 640, 30, 'AI visibility report', 18, b.accent),
    say(
      40,
      220,
      640,
      24,
      `${input.day(from)} to ${input.day(input.now)} · ${brand.site}`,
      12,
      GREY,
    ),
  ];
  if (b.agency) boxes.push(say(40, 330, 500, 26, b.agency, 14, INK, true));
  if (b.logoUrl) boxes.push({ x: 560, y: 300, w: 120, h: 60, image: b.logoUrl });
  if (b.credit) boxes.push(footer(`Made with ${PRODUCT_NAME}`));
  return boxes;
}

/**
 * The reading the period's change is measured from: its first. Every figure of a deck lies inside
 * its period (a reading before it would make "since" a date the deck does not cover).
 */
const baseline = (inPeriod: ReportPoint[]): ReportPoint | null => inPeriod[0] ?? null;

/**
 * The last move weighed against the brand's usual swing (from every reading before it, any age;
 * the default band until there are enough), with how many readings that rests on; '' before a
 * second reading.
 */
function lastMove(points: ReportPoint[]): string {
  const [before, last] = points.slice(-2);
  if (!before || !last) return '';
  const move = last.score - before.score;
  return `Its last move, ${signed(move)}, is ${weighedWords(
    weigh(
      move,
      points.slice(0, -1).map((p) => p.score),
    ),
  )}.`;
}

function standing(
  input: ReportInput,
  inPeriod: ReportPoint[],
  base: ReportPoint | null,
  points: ReportPoint[],
): Box[] {
  const { brand, branding } = input;
  const score = brand.score as number;
  const change =
    base && inPeriod.length > 1
      ? `${signed(score - base.score)} since ${input.day(base.at)} (${base.score}), from ${counted(inPeriod.length, 'reading')} this period`
      : 'No earlier reading this period: the change shows from the next one.';
  const scanned = brand.lastScanned === null ? 'not dated' : input.day(brand.lastScanned);
  return [
    ...title('Where the brand stands', brand.site),
    say(40, 100, 150, 70, String(score), 48, branding.accent, true),
    say(200, 108, 480, 26, `Overall score, ${visibilityLevel(score)}`, 16, INK, true),
    say(200, 136, 480, 22, change, 12, GREY),
    say(200, 158, 480, 22, lastMove(points), 10, GREY),
    ...PLATFORMS.flatMap((p, i) =>
      bar(
        ENGINES[p],
        brand.engines[p],
        190 + i * 34,
        branding.accent,
        'Not measured (not queried)',
      ),
    ),
    ...(input.said
      ? [say(40, 330, 640, 36, `What the service says: ${input.said}`, 10, GREY)]
      : []),
    footer(`Last scan: ${scanned}.`),
  ];
}

/** The engine whose score changed most between two readings that both measured it. */
function mostMoved(a: ReportPoint, b: ReportPoint): string {
  let best: { p: Platform; d: number } | null = null;
  for (const p of PLATFORMS) {
    const [x, y] = [a.engines[p], b.engines[p]];
    if (!isScore(x) || !isScore(y)) continue;
    if (!best || Math.abs(y - x) > Math.abs(best.d)) best = { p, d: y - x };
  }
  if (!best || best.d === 0) return 'No engine moved.';
  const p = best.p;
  return `${ENGINES[p]} moved most: ${signed(best.d)} (${a.engines[p]} to ${b.engines[p]}).`;
}

function trend(input: ReportInput, points: ReportPoint[]): Box[] {
  const head = title('The trend', `Readings of ${input.brand.site} in Score history`);
  if (points.length === 0)
    return [
      ...head,
      say(
        40,
        150,
        640,
        40,
        'No reading in Score history for this period yet: score the list (Scores tab) and the trend starts.',
        14,
        GREY,
      ),
    ];
  const shown = points.slice(-24);
  const step = 600 / shown.length;
  const w = Math.max(4, Math.min(40, step - 6));
  const boxes = shown.flatMap((p, i): Box[] => {
    const h = Math.max(2, Math.round((Math.min(100, p.score) / 100) * 190));
    const x = 60 + i * step;
    return [
      block(x, 300 - h, w, h, input.branding.accent),
      { ...say(x - 10, 280 - h, w + 20, 18, String(p.score), 9), align: 'CENTER' },
    ];
  });
  const first = shown[0]!;
  const last = shown[shown.length - 1]!;
  const said =
    shown.length === 1
      ? `One reading this period (${input.day(first.at)}): the trend shows from the next one.`
      : `${signed(last.score - first.score)} overall from ${input.day(first.at)} to ${input.day(last.at)}, ${counted(shown.length, 'reading')}. ${mostMoved(first, last)}`;
  return [
    ...head,
    ...boxes,
    say(
      40,
      305,
      640,
      18,
      `${input.day(first.at)} to ${input.day(last.at)}, ${counted(shown.length, 'reading')}`,
      9,
      GREY,
    ),
    say(40, 330, 640, 36, said),
  ];
}

function rivals(input: ReportInput): Box[] {
  const { brand, branding } = input;
  const rows = [brand, ...input.competitors.filter((c) => isScore(c.score))].sort(
    (a, b) => (b.score as number) - (a.score as number),
  );
  const ranks = competitionRanks(rows.map((r) => r.score as number));
  const unscored = input.competitors.filter((c) => !isScore(c.score)).map((c) => c.site);
  const gaps = (c: ReportRow) =>
    PLATFORMS.map((p) => {
      const g = gap(c.engines[p] as number | null, brand.engines[p] as number | null);
      return `${ENGINES[p]} ${g === '' ? 'not measured' : signed(g)}`;
    }).join(', ');
  const lines = rows.slice(0, 6).flatMap((r, i) => {
    const y = 100 + i * 42;
    const name = `${ranks.get(r.score as number)}. ${r.name}`;
    return [
      ...bar(name, r.score, y, r === brand ? branding.accent : GREY, ''),
      ...(r === brand
        ? []
        : [
            say(
              200,
              y + 20,
              480,
              18,
              `Gap ${signed((r.score as number) - (brand.score as number))}; ${gaps(r)}`,
              8,
              GREY,
            ),
          ]),
    ];
  });
  const note = unscored.length ? `No score yet, left out: ${unscored.join(', ')}. ` : '';
  return [
    ...title(
      'Against its competitors',
      'Ties share a place; a gap is the competitor minus the brand',
    ),
    ...lines,
    footer(`${note}From the rows of sheet "${input.sheet}".`),
  ];
}

function links(input: ReportInput, points: ReportPoint[]): Box[] {
  const rows = [input.brand, ...input.competitors].filter((r) => r.reportUrl);
  const page = points.filter((p) => p.page).pop();
  const lines = [
    ...rows.map((r) => `${r.name}: ${r.reportUrl}`),
    ...(page
      ? [`${input.brand.name} in the brand index (${input.day(page.at)}): ${page.page}`]
      : []),
  ];
  const text = lines.length
    ? lines.join('\n')
    : 'No preview report yet: Generate previews (Previews tab) adds a shareable report link per row.';
  return [
    ...title('Report links', 'Preview reports ("Report URL") and the brand page (Score history)'),
    say(40, 100, 640, 250, text),
  ];
}

export type ReportPlan = { ok: true; deck: Deck } | { ok: false; message: string };

export function planReport(input: ReportInput): ReportPlan {
  const { brand } = input;
  if (!isScore(brand.score))
    return {
      ok: false,
      message: `Row ${brand.row} (${brand.site || 'no website'}) has no "Public score" yet: score it (Scores tab), then make the report.`,
    };
  const from = input.now - input.weeks * WEEK_MS;
  const points = input.history.slice().sort((a, b) => a.at - b.at);
  const inPeriod = points.filter((p) => p.at >= from && p.at <= input.now);
  const slides = [
    cover(input, from),
    standing(
      input,
      inPeriod,
      baseline(inPeriod),
      points.filter((p) => p.at <= input.now),
    ),
    trend(input, inPeriod),
    ...(input.competitors.length ? [rivals(input)] : []),
    links(input, points),
  ];
  return {
    ok: true,
    deck: {
      title: `${brand.name}: AI visibility, ${input.day(from)} to ${input.day(input.now)}`,
      slides,
    },
  };
}

/** A presentation's address, by its id. */
export const deckUrl = (id: string): string => `https://docs.google.com/presentation/d/${id}/edit`;
