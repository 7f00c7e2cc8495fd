/**
 * A first run that teaches: `Visibility example`, a sheet of ten well-known brand websites with
 * their public scores filled in, so the add-on shows its value in the first minute without a key.
 */
import { SHEETS } from '../domain/sheetNames';
import { scoreOptions } from '../domain/scoreList';
import { scoreSheet } from './scores';
import { appsScriptKit } from '../gas/kit';
import { HEADER_ROW, WEBSITE_HEADER } from '../domain/table';
import type { Kit } from '../kit/ports';
import type { ListPlace, ScoreReport } from '../contract/scores';

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

export function exampleWith(kit: Kit): ExampleReport {
  const place = kit.view.place();
  const backTo = place?.sheetName === EXAMPLE_SHEET ? null : place;
  // A sheet of that name with rows is the person's (or an earlier example): left as it is.
  if ((kit.tables.grid(EXAMPLE_SHEET)?.values.length ?? 0) <= HEADER_ROW) {
    const rows = EXAMPLE_SITES.map((site, i) => [HEADER_ROW + 1 + i, { site }] as const);
    kit.tables.write(EXAMPLE_SHEET, { site: { header: WEBSITE_HEADER } }, new Map(rows));
  }
  kit.view.show(EXAMPLE_SHEET);
  // Its public scores, written as a Score press writes them; null without a Website column.
  const r = scoreSheet(kit, EXAMPLE_SHEET, scoreOptions({ refresh: 'missing' }), null);
  if (!r)
    return {
      state: 'nothing',
      message: `The "${EXAMPLE_SHEET}" sheet has lost its Website column: delete the sheet and press Insert example again.`,
      backTo,
    };
  kit.log.action('insert example', {
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

export const insertExample = (): ExampleReport => exampleWith(appsScriptKit());
