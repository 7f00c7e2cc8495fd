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
import { findColumns, HEADER_ROW, WEBSITE_HEADER } from '../domain/table';
import { parseWebsite } from '../domain/website';
import { activeBook } from '../gas/active';
import { appsScriptKit } from '../gas/kit';
import { BRANDING } from '../kit/branding';
import type { Kit } from '../kit/ports';
import type { Whose } from '../domain/historyRead';
import { resolveAll } from '../domain/resolver';
import { scoreSpec } from '../domain/scoreLookup';
import { FORMULA_BUDGET_MS } from '../limits';
import { notGrantedMessage } from '../domain/permissions';
import type { DrawnDeck } from '../domain/report';

/** What a report deck is made from and drawn with (src/addon/reports.ts). */
export interface DeckRun {
  /** `Score history`, the public lookups, the person's branding, the file's calendar, Slides. */
  kit: Kit;
  /**
   * A deck someone makes while looking at their document reads anyone's readings; one a schedule
   * sends unattended from its owner's account reads only the owner's sealed ones.
   */
  whose: Whose;
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
function fromHistory({ kit, whose }: DeckRun, rows: ReportRow[]): ReportRow[] {
  const latest = kit.history.latest(
    rows.map((r) => r.site),
    whose,
  );
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
  ports: DeckRun,
  sheet: string,
  headers: unknown[],
  rows: Array<Pick<SelectedRow, 'row' | 'values'>>,
  weeks: number,
  how: { fresh: boolean; deckId?: string; scheduled?: boolean },
): { deck: DrawnDeck; title: string } | string {
  // A schedule's deck and e-mail leave the owner's account unattended: what they say comes from
  // the owner's recorded readings, not from list cells another editor may have typed into since.
  const { kit, whose } = ports;
  const listed = rowsOf(headers, rows);
  const [brand, ...others] = how.scheduled ? fromHistory(ports, listed) : listed;
  const site = brand!.site;
  const plan = planReport({
    sheet,
    brand: brand!,
    competitors: others.slice(0, MAX_REPORT_COMPETITORS),
    history: site ? (kit.history.readings([site], whose).get(site) ?? []) : [],
    weeks,
    now: kit.account.now(),
    branding: kit.records.mine.get(BRANDING),
    day: kit.account.day,
    said: site ? serviceSays(kit, site, how.fresh) : '',
  });
  if (!plan.ok) return plan.message;
  if (!kit.account.granted('decks')) return `No deck was made: ${notGrantedMessage('decks')}`;
  const deck = kit.slides.draw(plan.deck, how.deckId);
  return typeof deck === 'string' ? `No deck was made: ${deck}` : { deck, title: plan.deck.title };
}

/**
 * What the service says of a brand's score (its record's `_service` text): from the record a Score
 * cached in the last 6 hours, or, when the person asked (`fresh`), from one request; '' if none.
 */
function serviceSays(kit: Kit, site: string, fresh: boolean): string {
  const deps = kit.service.lookups(kit.account.now() + FORMULA_BUDGET_MS);
  const spec = scoreSpec(kit.service.config(), 'url', '');
  const maxRequests = fresh ? Math.min(1, deps.maxRequests ?? 1) : 0;
  const found = resolveAll([site], spec, { ...deps, maxRequests }).outcomes.get(site);
  return found?.kind === 'value' ? found.value.said : '';
}

export function makeReport(request?: ReportRequest | null): ReportResult {
  const kit = appsScriptKit(activeBook());
  const found = kit.view.rows();
  const rows = found ? actionable(found.rows).rows : [];
  if (!found || rows.length === 0) return result('nothing', SELECT);
  const weeks = REPORT_PERIODS.find((w) => w === request?.weeks) ?? REPORT_PERIODS[0];
  const sheet = found.list.name;
  const headers = found.list.values[HEADER_ROW - 1] ?? [];
  const made = reportDeck({ kit, whose: 'anyone' }, sheet, headers, rows, weeks, {
    fresh: request?.fresh === true,
  });
  if (typeof made === 'string') return result('refused', made);
  const { deck, title } = made;
  const left =
    rows.length > MAX_REPORT_COMPETITORS + 1
      ? ` The first ${MAX_REPORT_COMPETITORS} competitors are in it.`
      : '';
  kit.log.action('report', {
    sheet,
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
