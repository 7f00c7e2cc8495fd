// "Open in Looker Studio" from the built bundle: a build without a template says what to set; a
// release built with one links this spreadsheet's Score history and list to it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_HISTORY, NO_LIST, NO_READINGS, NO_TEMPLATE } from '../../src/domain/dashboardLink';
import { sidebar } from '../sidebarApi';
import { records, startWorld, type World } from './harness';

let w: World;
afterEach(() => w?.close());

function scoreTwoSites(): void {
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.setName('Q4 list');
  sheet.probe.rows = [['Website'], ['nike.com'], ['acmeanalytics.com']].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection('A1:A3');
  sidebar(w.rt).scoreSelection({ refresh: 'all' });
}

it('tells a person what to set when the add-on was built without a template', async () => {
  w = await startWorld();
  expect(sidebar(w.rt).getDashboardLink()).toEqual({ missing: NO_TEMPLATE });
});

it('links every alias of the template to this spreadsheet, once its history, a list and the tidy readings exist', async () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'dist-looker-'));
  const built = spawnSync(
    process.execPath,
    ['build.mjs', '--looker-template', 'tmpl-visibility-1', '--out', out],
    { encoding: 'utf8' },
  );
  expect(built.status).toBe(0);
  w = await startWorld({ distDir: out });
  expect(sidebar(w.rt).getDashboardLink()).toEqual({ missing: NO_HISTORY });
  scoreTwoSites();
  const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
  const list = () =>
    (w.rt.spreadsheet.activeSheet = w.rt.spreadsheet.sheets.find(
      (s) => s.probe.title === 'Q4 list',
    )!);
  list();
  // Without the tidy readings the template's ds2 would stay the publisher's: no link yet.
  expect(sidebar(w.rt).getDashboardLink()).toEqual({ missing: NO_READINGS });
  expect(sidebar(w.rt).exportReadings()).toMatchObject({ state: 'done' });
  // On one of the add-on's own sheets there is no list for ds1: no link either.
  w.rt.spreadsheet.activeSheet = history;
  expect(sidebar(w.rt).getDashboardLink()).toEqual({ missing: NO_LIST });
  list();
  const tidy = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score readings')!;
  const link = sidebar(w.rt).getDashboardLink();
  const params = new URLSearchParams(('url' in link ? link.url : '').split('?')[1]);
  expect(params.get('c.reportId')).toBe('tmpl-visibility-1');
  for (const alias of ['ds0', 'ds1', 'ds2'])
    expect(params.get(`ds.${alias}.spreadsheetId`)).toBe(w.rt.spreadsheet.id);
  expect(params.get('ds.ds0.worksheetId')).toBe(String(history.getSheetId()));
  expect(params.get('ds.ds1.datasourceName')).toMatch(/: Q4 list$/);
  expect(params.get('ds.ds2.worksheetId')).toBe(String(tidy.getSheetId()));
});

describe('Export tidy readings', () => {
  const tidyRows = () =>
    records(w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score readings')!);

  it('says there is nothing to export before the first reading, and makes no sheet', async () => {
    w = await startWorld();
    expect(sidebar(w.rt).exportReadings()).toMatchObject({ state: 'nothing', rows: 0 });
    expect(w.rt.spreadsheet.sheets.some((s) => s.probe.title === 'Score readings')).toBe(false);
  });

  it('writes one score per row, overall and each engine that answered, and rebuilds in place', async () => {
    w = await startWorld();
    scoreTwoSites();
    const history = records(
      w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!,
    );
    const answered = (r: Record<string, unknown>) =>
      1 +
      ['ChatGPT', 'Claude', 'Gemini', 'AI Overviews'].filter((e) => typeof r[e] === 'number')
        .length;
    const expected = history.reduce((n, r) => n + answered(r), 0);
    const first = sidebar(w.rt).exportReadings();
    expect(first).toMatchObject({ state: 'done', rows: expected });
    const rows = tidyRows();
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => r.Engine))).toContain('Overall');
    expect(rows.every((r) => typeof r.Score === 'number')).toBe(true);
    // An engine not queried has no row: never a 0 in a pivot's average.
    for (const h of history)
      for (const e of ['ChatGPT', 'Claude', 'Gemini', 'AI Overviews'])
        expect(rows.some((r) => r.Website === h.Website && r.Engine === e)).toBe(
          typeof h[e] === 'number',
        );
    // Exported again: the same rows, not twice as many; logged once per export.
    sidebar(w.rt).exportReadings();
    expect(tidyRows()).toHaveLength(expected);
    const log = records(w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility log')!);
    expect(log.filter((r) => r.Action === 'export readings')).toHaveLength(2);
  });

  it('never overwrites a sheet of that name it did not make: a client list stays as it was', async () => {
    w = await startWorld();
    scoreTwoSites();
    const mine = w.rt.spreadsheet.insertSheet('Score readings');
    mine.probe.rows = [
      ['Client', 'Budget'],
      ['Acme', 12000],
    ].map((r) => r.map((value) => ({ value })));
    const r = sidebar(w.rt).exportReadings();
    expect(r).toMatchObject({ state: 'refused', rows: 0 });
    expect(r.message).toMatch(/did not make it.*rename it.*Nothing was changed/);
    expect(records(mine)).toEqual([{ Client: 'Acme', Budget: 12000 }]);
  });

  it('says in words when the spreadsheet has no room for the readings, before writing anything', async () => {
    w = await startWorld();
    scoreTwoSites();
    // Another sheet takes the spreadsheet to 10 cells short of Google's 10 million.
    const big = w.rt.spreadsheet.insertSheet('Archive');
    const others = w.rt.spreadsheet.sheets
      .filter((s) => s !== big)
      .reduce((n, s) => n + s.getMaxRows() * s.getMaxColumns(), 0);
    big.insertRowsAfter(1, Math.floor((10_000_000 - others - 10) / 26) - big.getMaxRows());
    const r = sidebar(w.rt).exportReadings();
    expect(r).toMatchObject({ state: 'refused', rows: 0 });
    expect(r.message).toMatch(/room for .* \(Google allows 10 million cells/);
    expect(w.rt.spreadsheet.sheets.some((s) => s.probe.title === 'Score readings')).toBe(false);
  });
});
