/**
 * An agency's workbook after a year: a `Score history` at its 50,000-row cap, thirty client tabs
 * of 500 scored prospects, ten previews pending on one of them (started through the add-on, so
 * the emulator knows them), a scan monitor of twenty agents and thirty daily schedules. Shared by
 * the integration test that holds every entry point's reads to its work and by `npm run bench`.
 */
import { INDEX } from './emulator/brandIndex';
import type { GasRuntime } from './gas-runtime/runtime';
import { HISTORY_HEADERS, type HistoryKey } from '../src/domain/table';
import type { Cell, Sheet } from './gas-runtime/spreadsheet';
import { wallParts } from './gas-runtime/wallClock';

export const TABS = 30;
export const ROWS_PER_TAB = 500;
export const HISTORY_ROWS = 50_000;
export const PENDING_TAB = 'Client 07';

const SCORE_HEAD = ['Website', 'Company', 'Public score', 'Public level', 'ChatGPT', 'Claude'];
const HISTORY_HEAD = Object.values(HISTORY_HEADERS);
const HISTORY_KEYS = Object.keys(HISTORY_HEADERS) as HistoryKey[];

const INDEXED = INDEX.filter((b) => !b.domain.endsWith('.example')).map((b) => b.domain);

const DAY_STARTS_AT = { hour: 12, minute: 30 };

/** Milliseconds from `now` to the next time the zone's wall clock shows `at`. */
function untilWallTime(now: number, zone: string, at: { hour: number; minute: number }): number {
  const wall = wallParts(new Date(now), zone);
  const minutes = (at.hour - Number(wall.hour)) * 60 + at.minute - Number(wall.minute);
  return ((((minutes * 60 - Number(wall.second)) % 86_400) + 86_400) % 86_400) * 1000;
}

const cells = (rows: unknown[][]): Cell[][] =>
  rows.map((r) => r.map((value) => ({ value: value as Cell['value'] })));

function put(sheet: Sheet, rows: unknown[][]): void {
  sheet.probe.rows = cells(rows);
}

/** Builds the workbook in `rt.spreadsheet` and starts the ten previews; returns the pending tab. */
export function yearOldWorkbook(rt: GasRuntime, historyRows = HISTORY_ROWS): Sheet {
  const book = rt.spreadsheet;
  // Which of the thirty daily schedules a firing finds due depends on the hour: the workbook's
  // day starts at 12:30 in its zone, so every run (a test's two workbooks, the bench on any
  // day) measures the same firing.
  rt.advance(untilWallTime(rt.clock.now(), book.timeZone, DAY_STARTS_AT));
  const day = 86_400_000;
  const start = Date.UTC(2025, 10, 1);
  const history: unknown[][] = [HISTORY_HEAD];
  for (let i = 0; i < historyRows; i++) {
    const site = `client-${i % 900}.com`;
    const when = new Date(start + Math.floor(i / 140) * day);
    const reading: Partial<Record<HistoryKey, unknown>> = {
      checked: when,
      website: site,
      brand: `Client ${i % 900}`,
      slug: `client-${i % 900}`,
      score: 40 + (i % 50),
      level: 'Medium',
      chatgpt: 41,
      claude: 42,
      gemini: 43,
      aio: 44,
      lastScanned: when,
      source: 'score',
    };
    history.push(HISTORY_KEYS.map((k) => reading[k] ?? ''));
  }
  put(book.addSheet('Score history'), history);
  for (let t = 1; t <= TABS; t++) {
    const name = `Client ${String(t).padStart(2, '0')}`;
    const rows: unknown[][] = [SCORE_HEAD];
    // Half the prospects are brands of the public index (their readings reach the history).
    for (let r = 0; r < ROWS_PER_TAB; r++)
      rows.push([
        r % 2 ? `tab${t}-prospect-${r}.com` : INDEXED[(t * ROWS_PER_TAB + r) % INDEXED.length],
        `Prospect ${r}`,
        50,
        'Medium',
        51,
        52,
      ]);
    put(name === PENDING_TAB ? book.activeSheet : book.addSheet(name), rows);
    if (name === PENDING_TAB) book.activeSheet.setName(name);
  }
  const monitor: unknown[][] = [['Brand agent ID']];
  for (let a = 1; a <= 20; a++) monitor.push([1000 + a]);
  put(book.addSheet('Scan monitor'), monitor);
  // Ten previews started on the pending tab, as a person starts them.
  const pending = book.activeSheet;
  pending.setActiveSelection('A2:A11');
  rt.runFromSidebar('startPreviewsForSelection', []);
  // Thirty daily refreshes, one per client tab, spread over the day.
  for (let t = 1; t <= TABS; t++)
    rt.runFromSidebar('saveSchedule', [
      {
        action: 'refreshScores',
        sheetName: `Client ${String(t).padStart(2, '0')}`,
        every: 'day',
        hour: t % 24,
        refresh: 'stale',
        alert: { email: false, minChange: 10 },
      },
    ]);
  book.activeSheet = pending;
  return pending;
}

export interface EntryCost {
  cellsRead: number;
  cellsWritten: number;
  sheetsCalls: number;
  requests: number;
  wallMs: number;
}

/**
 * What each entry point costs in the year-old workbook: a sidebar poll while previews are
 * pending, one hourly firing of the background trigger, Score of one 500-row tab, onOpen, and a
 * custom function.
 */
export function entryCosts(rt: GasRuntime): Record<string, EntryCost> {
  const book = rt.spreadsheet;
  const trigger = rt.triggers.list[0];
  const out: Record<string, EntryCost> = {
    sidebarPoll: cost(rt, () => rt.runFromSidebar('pollPendingPreviews', [])),
    backgroundFiring: cost(rt, () =>
      trigger
        ? rt.run(trigger.handler, [{ triggerUid: trigger.id, authMode: 'FULL' }], {
            user: trigger.user,
            mode: 'trigger',
          })
        : null,
    ),
  };
  const tab = book.sheets.find((s) => s.getName() === 'Client 12')!;
  tab.setActiveSelection(`A1:A${ROWS_PER_TAB + 1}`);
  out.score500 = cost(rt, () => rt.runFromSidebar('scoreSelection', [{ refresh: 'all' }]));
  out.onOpen = cost(rt, () =>
    rt.run('onOpen', [{ authMode: 'LIMITED' }], { mode: 'simple-trigger' }),
  );
  out.customFunction = cost(rt, () => rt.customFunction('VIS_SCORE', 'tab3-prospect-1.com'));
  return out;
}

/** What one execution cost, from the runtime's counters. */
export function cost(rt: GasRuntime, run: () => unknown): EntryCost {
  rt.resetCounts();
  const started = performance.now();
  run();
  const calls = rt.sheetCalls();
  return {
    cellsRead: calls.cellsRead,
    cellsWritten: calls.cellsWritten,
    sheetsCalls: calls.total,
    requests: rt.fetchStats.requests,
    wallMs: Math.round(performance.now() - started),
  };
}
