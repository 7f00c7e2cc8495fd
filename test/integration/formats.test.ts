// Number formats on the built bundle: each column's format comes from its sheet's column table,
// is set once when the add-on adds the column (down the grid), and again only on rows the grid
// gains; the person's own columns keep theirs. What a person sees is read as Sheets shows it.
import { INDEX } from '../../dev/emulator/brandIndex';
import type { Sheet } from '../../dev/gas-runtime/spreadsheet';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { FORMATS } from '../../src/domain/columns';
import { HISTORY_HEADERS } from '../../src/domain/table';
import { MONITOR_COLUMNS } from '../../src/domain/scanWatch';
import { SCORE_COLUMNS, SCORE_HEADERS } from '../../src/domain/scoreColumns';
import { PREVIEW_COLUMNS } from '../../src/domain/previewColumns';
import { LOG_COLUMNS } from '../../src/domain/logColumns';
import { CONTACT_COLUMNS, HISTORY_COLUMNS } from '../../src/domain/table';
import { FOLLOW_UP_COLUMNS } from '../../src/domain/followUps';

let w: World;
afterEach(() => w?.close());

const indexed = INDEX.filter((b) => !b.domain.endsWith('.example'));
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

const sheetNamed = (name: string) => w.rt.spreadsheet.sheets.find((s) => s.probe.title === name)!;
const columnOf = (sheet: Sheet, header: string) =>
  sheet.probe.rows[0]!.findIndex((c) => c.value === header) + 1;
const formatAt = (sheet: Sheet, row: number, header: string) =>
  sheet.probe.formatAt(row, columnOf(sheet, header));
const shown = (sheet: Sheet, row: number, header: string) =>
  sheet.range(row, columnOf(sheet, header), 1, 1).getDisplayValues()[0]![0];

function loadList(sites: string[]): Sheet {
  const sheet = w.rt.spreadsheet.sheets[0]!;
  w.rt.spreadsheet.activeSheet = sheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [['Website', 'Since'], ...sites.map((s) => [s, 45000])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.range(2, 2, sites.length, 1).setNumberFormat('0.00');
  sheet.setActiveSelection(`A1:A${sites.length + 1}`);
  return sheet;
}

describe('number formats, from the column tables', () => {
  it("Score's time columns read yyyy-mm-dd hh:mm in the spreadsheet's zone; the person's own columns keep theirs", async () => {
    w = await startWorld();
    w.rt.spreadsheet.timeZone = 'America/New_York';
    const sheet = loadList(indexed.slice(0, 5).map((b) => b.domain));
    const r = sidebar(w.rt).scoreSelection({ refresh: 'all' });
    expect(r.state).toBe('done');
    for (const header of [SCORE_HEADERS.checked, SCORE_HEADERS.lastScanned]) {
      expect(formatAt(sheet, 2, header)).toBe(FORMATS.time);
      // Down the grid, not only the rows written: a row typed in later shows the same way.
      expect(formatAt(sheet, sheet.getMaxRows(), header)).toBe(FORMATS.time);
    }
    expect(shown(sheet, 2, SCORE_HEADERS.checked)).toMatch(TIME);
    const checked = sheet.probe.rows[1]![columnOf(sheet, SCORE_HEADERS.checked) - 1]!.value as Date;
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(checked);
    expect(shown(sheet, 2, SCORE_HEADERS.checked)).toBe(local);
    // The person's column keeps the format they chose; a score column has none of ours.
    expect(formatAt(sheet, 2, 'Since')).toBe('0.00');
    expect(formatAt(sheet, 2, 'Website')).toBe('');
    expect(formatAt(sheet, 2, SCORE_HEADERS.score)).toBe('');

    // The history, made on first use, gets its formats the same way.
    const history = sheetNamed('Score history');
    expect(formatAt(history, 2, HISTORY_HEADERS.checked)).toBe(FORMATS.time);
    expect(shown(history, 2, HISTORY_HEADERS.lastScanned)).toMatch(TIME);
    // The log's counts group thousands; its time reads as the lists' do.
    const log = sheetNamed('Visibility log');
    expect(formatAt(log, 2, 'Time')).toBe(FORMATS.time);
    expect(formatAt(log, 2, 'Requests')).toBe(FORMATS.count);
  });

  it('a second Score sets no format: formats come with a new column or new grid rows only', async () => {
    w = await startWorld();
    loadList(indexed.slice(0, 5).map((b) => b.domain));
    sidebar(w.rt).scoreSelection({ refresh: 'all' });
    const setBefore = w.rt.sheetCalls();
    const formatSets = () =>
      Object.entries(w.rt.counts)
        .filter(([k]) => /setNumberFormat/.test(k))
        .reduce((n, [, v]) => n + v, 0);
    const before = formatSets();
    sidebar(w.rt).scoreSelection({ refresh: 'all' });
    expect(formatSets()).toBe(before);
    expect(w.rt.sheetCalls().total).toBeGreaterThan(setBefore.total);
  });

  it('rows the history gains past its grid are formatted as the rows above', async () => {
    w = await startWorld();
    const history = w.rt.spreadsheet.insertSheet('Score history');
    const head = Object.values(HISTORY_HEADERS);
    history.probe.rows = [
      head,
      ...Array.from({ length: 1999 }, (_, i) =>
        head.map((h) => (h === 'Slug' ? `old-${i}` : h === 'Source' ? 'score' : '')),
      ),
    ].map((r) => r.map((value) => ({ value })));
    expect(history.getMaxRows()).toBe(2000);
    loadList(indexed.slice(0, 5).map((b) => b.domain));
    const r = sidebar(w.rt).scoreSelection({ refresh: 'all' });
    expect(r.historyAdded).toBe(5);
    expect(history.getMaxRows()).toBe(2005);
    for (let row = 2001; row <= 2005; row++) {
      expect(formatAt(history, row, HISTORY_HEADERS.checked)).toBe(FORMATS.time);
      expect(shown(history, row, HISTORY_HEADERS.checked)).toMatch(TIME);
    }
    // Rows the history had before are the person's data: their format is left alone.
    expect(formatAt(history, 2000, HISTORY_HEADERS.checked)).toBe('');
  });

  it('templates carry the same formats, and the monitor its colour scale over every score', async () => {
    w = await startWorld();
    sidebar(w.rt).insertTemplate('prospects');
    const prospects = sheetNamed('Prospect list');
    expect(formatAt(prospects, 2, SCORE_HEADERS.checked)).toBe(FORMATS.time);
    sidebar(w.rt).insertTemplate('monitor');
    const monitor = sheetNamed('Scan monitor');
    expect(formatAt(monitor, 2, MONITOR_COLUMNS.lastChecked.header)).toBe(FORMATS.time);
    const scaled = Object.values(MONITOR_COLUMNS)
      .filter((c) => 'scaled' in c)
      .map((c) => columnOf(monitor, c.header));
    expect(scaled).toHaveLength(5);
    const ranges = monitor.conditionalRules.flatMap((rule) => rule.ranges);
    expect(ranges).toEqual([`Scan monitor!${letters(scaled[0]!)}2:${letters(scaled[4]!)}1000`]);
  });
});

function letters(column: number): string {
  return String.fromCharCode(64 + column);
}

describe('every writer applies its columns’ declared formats', () => {
  it('after Score, Generate and its polls, pitches, contacted, follow-ups and the scan monitor, every filled cell of a formatted column has its format', async () => {
    w = await startWorld();
    const sites = indexed.slice(0, 4).map((b) => b.domain);
    const list = loadList(sites);
    const api = sidebar(w.rt);
    api.scoreSelection({ refresh: 'all' });
    list.setActiveSelection(`A2:A${sites.length + 1}`);
    api.startPreviewsForSelection();
    for (let i = 0; i < 6; i++) {
      await w.elapse(30000);
      api.pollPendingPreviews();
    }
    api.writePitches({ template: 'Hello {Website}' });
    api.markContacted();
    api.refreshFollowUps({ minChange: 0 });
    api.openScanMonitor();
    const monitor = sheetNamed('Scan monitor');
    monitor.probe.place(2, 1, { value: 1001 });
    api.pollScanMonitor(true);

    // Every column table that declares a format, by header.
    const declared = new Map<string, string>();
    for (const table of [
      SCORE_COLUMNS,
      PREVIEW_COLUMNS,
      LOG_COLUMNS,
      MONITOR_COLUMNS,
      HISTORY_COLUMNS,
      CONTACT_COLUMNS,
      FOLLOW_UP_COLUMNS,
    ] as Array<Record<string, { header: string; format?: string }>>)
      for (const c of Object.values(table)) if (c.format) declared.set(c.header, c.format);

    const unformatted: string[] = [];
    let checked = 0;
    for (const sheet of w.rt.spreadsheet.sheets) {
      const head = sheet.probe.rows[0]?.map((c) => String(c.value)) ?? [];
      head.forEach((h, i) => {
        const format = declared.get(h);
        if (!format) return;
        for (let row = 2; row <= sheet.probe.rows.length; row++) {
          if (sheet.cell(row, i + 1).value === '') continue;
          checked++;
          if (sheet.probe.formatAt(row, i + 1) !== format)
            unformatted.push(
              `${sheet.getName()}!${h} row ${row}: "${sheet.probe.formatAt(row, i + 1)}"`,
            );
        }
      });
    }
    expect(checked).toBeGreaterThan(20);
    expect(unformatted).toEqual([]);
  });
});
