/**
 * A first run that teaches: `Visibility example`, a sheet of ten well-known brand websites with
 * their public scores filled in, so the add-on shows its value in the first minute without a key.
 */
import { SHEETS } from '../domain/sheetNames';
import { scoreOptions } from '../domain/scoreList';
import { scoreSheet } from './scores';
import { activeBook } from '../gas/active';
import { examplePorts } from '../gas/sheetMakerPorts';
import type { LogLine } from '../contract/schedules';
import type { ListPlace, ScoreReport } from '../contract/scores';

/** What the example sheet reads, writes and scores (src/addon/example.ts). */
export interface ExamplePorts {
  /** Where the person was before. */
  place(): ListPlace | null;
  /** The example sheet, made when missing, and made the active one. */
  open(name: string): { empty: boolean; fill(values: unknown[][]): void };
  /** Its public scores, written as a Score press writes them; null without a Website column. */
  score(): ScoreReport | null;
  log(action: string, entry: LogLine): void;
}

export const EXAMPLE_SHEET = SHEETS.example.name;
export const EXAMPLE_SITES = [
  'nike.com',
  'patagonia.com',
  'airbnb.com',
  'spotify.com',
  'canva.com',
  'notion.so',
  'shopify.com',
  'duolingo.com',
  'ikea.com',
  'allbirds.com',
];

/** The example's report, and the way back to the list the person was on (the example is now active). */
export type ExampleReport = (ScoreReport | { state: 'nothing'; message: string }) & {
  backTo: ListPlace | null;
};

export function exampleWith(p: ExamplePorts): ExampleReport {
  const place = p.place();
  const backTo = place?.sheetName === EXAMPLE_SHEET ? null : place;
  const sheet = p.open(EXAMPLE_SHEET);
  if (sheet.empty) sheet.fill([['Website'], ...EXAMPLE_SITES.map((s) => [s])]);
  const r = p.score();
  if (!r)
    return {
      state: 'nothing',
      message: `The "${EXAMPLE_SHEET}" sheet has lost its Website column: delete the sheet and press Insert example again.`,
      backTo,
    };
  p.log('insert example', {
    sheet: EXAMPLE_SHEET,
    rows: r.scored,
    requests: r.fetched,
    changed: r.scored,
    errors: r.failedSites,
    result: r.message,
  });
  return {
    ...r,
    message: `The "${EXAMPLE_SHEET}" sheet shows ten brands' public scores: ${r.message} Try it on your own list: select its websites and press Score.`,
    backTo,
  };
}

export function insertExample(): ExampleReport {
  const { made, ...ports } = examplePorts(activeBook());
  return exampleWith({
    ...ports,
    score: () => {
      const sheet = made();
      return sheet ? scoreSheet(sheet, scoreOptions({ refresh: 'missing' }), null) : null;
    },
  });
}
