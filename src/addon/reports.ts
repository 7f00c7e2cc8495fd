/**
 * Make report: the selection's first row is the brand, its other rows its competitors. The deck is
 * decided in domain/report.ts from the rows and the brand's `Score history`, with no request to the
 * service, and drawn in a new Google Slides presentation in the person's Drive.
 */
import { PLATFORMS } from '../engines';
import { REPORT_PERIODS, type ReportRequest, type ReportResult } from '../contract/reports';
import { timeOf } from '../domain/cells';
import { SCORE_HEADERS } from '../domain/scoreColumns';
import { PREVIEW_HEADERS } from '../domain/previewColumns';
import { planReport, type ReportRow } from '../domain/report';
import { actionable, type SelectedRow } from '../domain/selectedRow';
import { MAX_REPORT_COMPETITORS } from '../domain/schedules';
import { findColumns, WEBSITE_HEADER } from '../domain/table';
import { parseWebsite } from '../domain/website';
import { activeBook } from '../gas/active';
import { deckPorts } from '../gas/deckPorts';
import { logAction } from '../gas/runLog';
import { selectedRows } from '../gas/selectedRows';
import { notGrantedMessage } from '../domain/permissions';
import type { Deck, ReportPoint } from '../domain/report';
import type { Branding } from '../contract/reports';
import type { DrawnDeck } from '../gas/slides';

/** What a report deck is made from and drawn with (src/addon/reports.ts). */
export interface DeckPorts {
  /** The latest reading of each site in `Score history`, as the owner's runs recorded it. */
  latest(sites: string[]): Map<string, Omit<ReportRow, 'row' | 'site' | 'reportUrl'>>;
  /** Every reading of a site in `Score history`. */
  readings(site: string): ReportPoint[];
  /** What the service says of a site's score, from the cache, or (`fresh`) from one request. */
  said(site: string, fresh: boolean): string;
  branding: Branding;
  /** A day as the spreadsheet's calendar says it. */
  day(time: number): string;
  /** Whether the person granted the Slides permission. */
  mayDraw: boolean;
  /** Draws the deck into the presentation `deckId` when it is there, else a new one; or why not. */
  draw(deck: Deck, deckId?: string): DrawnDeck | string;
  now(): number;
}
const SELECT =
  "Select the brand's row in a scored list, with its competitors' rows right below it.";

const result = (
  state: ReportResult['state'],
  message: string,
  url: string | null = null,
  slides = 0,
): ReportResult => ({ state, message, url, slides });

/** The columns a report reads from a list. */
export const reportColumns = (headers: unknown[]) =>
  findColumns(headers, {
    ...SCORE_HEADERS,
    website: WEBSITE_HEADER,
    reportUrl: PREVIEW_HEADERS.reportUrl,
  });

function rowsOf(headers: unknown[], rows: Array<Pick<SelectedRow, 'row' | 'values'>>): ReportRow[] {
  const at = reportColumns(headers);
  return rows.map((r) => {
    const cell = (column: number) => (column ? r.values[column - 1] : '');
    const site = parseWebsite(cell(at.website));
    const domain = site.ok ? site.domain : '';
    return {
      row: r.row,
      site: domain,
      name: String(cell(at.brand) || domain || `Row ${r.row}`),
      score: cell(at.score),
      engines: Object.fromEntries(PLATFORMS.map((p) => [p, cell(at[p])])) as ReportRow['engines'],
      lastScanned: timeOf(cell(at.lastScanned)),
      reportUrl: String(cell(at.reportUrl) ?? ''),
    };
  });
}

/**
 * The rows as the owner's Score runs recorded them in `Score history` (a site never scored there
 * keeps its address as its name and no score); no report link, which only a list cell holds.
 */
function fromHistory(ports: DeckPorts, rows: ReportRow[]): ReportRow[] {
  const latest = ports.latest(rows.map((r) => r.site));
  return rows.map((r) => ({
    row: r.row,
    site: r.site,
    reportUrl: '',
    ...(latest.get(r.site) ?? {
      name: r.site || `Row ${r.row}`,
      score: '',
      engines: Object.fromEntries(PLATFORMS.map((p) => [p, ''])) as ReportRow['engines'],
      lastScanned: null,
    }),
  }));
}

/**
 * The deck of a list's rows (the brand's first, its competitors' after), drawn in the
 * presentation `deckId` when it is given and still there, else in a new one; or why not, in words.
 */
export function reportDeck(
  ports: DeckPorts,
  sheet: string,
  headers: unknown[],
  rows: Array<Pick<SelectedRow, 'row' | 'values'>>,
  weeks: number,
  how: { fresh: boolean; deckId?: string; scheduled?: boolean },
): { deck: DrawnDeck; title: string } | string {
  // A schedule's deck and e-mail leave the owner's account unattended: what they say comes from
  // the owner's recorded readings, not from list cells another editor may have typed into since.
  const listed = rowsOf(headers, rows);
  const [brand, ...others] = how.scheduled ? fromHistory(ports, listed) : listed;
  const plan = planReport({
    sheet,
    brand: brand!,
    competitors: others.slice(0, MAX_REPORT_COMPETITORS),
    history: brand!.site ? ports.readings(brand!.site) : [],
    weeks,
    now: ports.now(),
    branding: ports.branding,
    day: ports.day,
    said: brand!.site ? ports.said(brand!.site, how.fresh) : '',
  });
  if (!plan.ok) return plan.message;
  if (!ports.mayDraw) return `No deck was made: ${notGrantedMessage('decks')}`;
  const deck = ports.draw(plan.deck, how.deckId);
  return typeof deck === 'string' ? `No deck was made: ${deck}` : { deck, title: plan.deck.title };
}

export function makeReport(request?: ReportRequest | null): ReportResult {
  const found = selectedRows();
  const rows = found ? actionable(found.rows).rows : [];
  if (!found || rows.length === 0) return result('nothing', SELECT);
  const weeks = REPORT_PERIODS.find((w) => w === request?.weeks) ?? REPORT_PERIODS[0];
  const book = activeBook();
  const sheet = found.block.sheet.getName();
  const made = reportDeck(deckPorts(book, 'anyone'), sheet, found.headers, rows, weeks, {
    fresh: request?.fresh === true,
  });
  if (typeof made === 'string') return result('refused', made);
  const { deck, title } = made;
  const left =
    rows.length > MAX_REPORT_COMPETITORS + 1
      ? ` The first ${MAX_REPORT_COMPETITORS} competitors are in it.`
      : '';
  logAction(book, 'report', {
    sheet: found.block.sheet.getName(),
    rows: rows.length,
    requests: 0,
    changed: 0,
    errors: 0,
    result: `${deck.slides} slides`,
  });
  return result(
    'done',
    `Report made: ${deck.slides} slides in your Drive, "${title}".${left}`,
    deck.url,
    deck.slides,
  );
}
