// "Open in Looker Studio" from the built bundle: a build without a template says what to set; a
// release built with one links this spreadsheet's Score history and list to it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_HISTORY, NO_TEMPLATE } from '../../src/domain/dashboardLink';
import { sidebar } from '../sidebarApi';
import { startWorld, type World } from './harness';

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

it('links the template to this spreadsheet’s Score history and the list in view, once there is a reading', async () => {
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
  w.rt.spreadsheet.activeSheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Q4 list')!;
  const link = sidebar(w.rt).getDashboardLink();
  expect('url' in link).toBe(true);
  const params = new URLSearchParams(('url' in link ? link.url : '').split('?')[1]);
  expect(params.get('c.reportId')).toBe('tmpl-visibility-1');
  expect(params.get('ds.ds0.spreadsheetId')).toBe(w.rt.spreadsheet.id);
  expect(params.get('ds.ds0.worksheetId')).toBe(String(history.getSheetId()));
  expect(params.get('ds.ds1.datasourceName')).toMatch(/: Q4 list$/);
});
