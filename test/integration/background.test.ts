// Background work as Google runs it for an add-on: the clock trigger has no active document, so
// previews pending in two spreadsheets complete only because the handler opens each by ID.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Spreadsheet } from '../../dev/gas-runtime/spreadsheet';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

const HOUR = 3600 * 1000;

function fill(book: Spreadsheet, sites: string[]): void {
  const sheet = book.activeSheet;
  sheet.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection(`A1:A${sites.length + 1}`);
}

function statuses(book: Spreadsheet): string[] {
  const sheet = book.activeSheet;
  const head = sheet.probe.rows[0]!.map((c) => c.value);
  const col = head.indexOf('Preview status');
  return sheet.probe.rows.slice(1).map((r) => String(r[col]?.value ?? ''));
}

describe('background work with the sidebar closed', () => {
  it('completes previews pending in two spreadsheets through one trigger, then removes it', async () => {
    w = await startWorld();
    const first = w.rt.spreadsheet;
    const second = w.rt.addSpreadsheet('Second list');
    fill(first, ['acmeanalytics.com', 'rosies-bakery.com']);
    fill(second, ['company-1.com', 'company-2.com', 'company-3.com']);
    for (const book of [first, second]) {
      const r = sidebar(w.rt, undefined, book).startPreviewsForSelection();
      expect(r.state).toBe('done');
    }
    // One trigger for the user, however many documents have work.
    expect(w.rt.triggers.list).toHaveLength(1);
    expect(statuses(first)).toEqual(['pending', 'pending']);

    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(first)).toEqual(['complete', 'complete']);
    expect(statuses(second)).toEqual(['complete', 'complete', 'complete']);
    expect(w.rt.triggers.list).toHaveLength(0);
    expect(w.rt.logs.filter((l) => l.startsWith('[trigger'))).toEqual([]);
  });

  it('drops a deleted spreadsheet from the list with a log line and still serves the others', async () => {
    w = await startWorld();
    const kept = w.rt.spreadsheet;
    const gone = w.rt.addSpreadsheet('Deleted later');
    fill(kept, ['acmeanalytics.com']);
    fill(gone, ['rosies-bakery.com']);
    for (const book of [kept, gone]) sidebar(w.rt, undefined, book).startPreviewsForSelection();
    w.rt.deleteSpreadsheet(gone.id);
    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(kept)).toEqual(['complete']);
    expect(w.rt.logs.some((l) => l.includes(`spreadsheet ${gone.id} cannot be opened`))).toBe(true);
    expect(w.rt.triggers.list).toHaveLength(0);
  });

  it('keeps one user’s trigger alive only for that user’s work', async () => {
    w = await startWorld();
    fill(w.rt.spreadsheet, ['acmeanalytics.com']);
    sidebar(w.rt, 'colleague@example.com').saveSettings({
      apiKey: 'demo-pro-key',
      baseUrl: w.emu.baseUrl,
    });
    sidebar(w.rt, 'colleague@example.com').startPreviewsForSelection();
    expect(w.rt.triggers.list.map((t) => t.user)).toEqual(['colleague@example.com']);
    // The colleague's own trigger completes the row, and with their registry empty removes itself.
    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(w.rt.spreadsheet)).toEqual(['complete']);
    expect(w.rt.triggers.list).toHaveLength(0);
  });

  it('an add-on build without the spreadsheets scope is refused openById, as Google refuses it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dist-currentonly-'));
    copyFileSync('dist/Code.js', path.join(dir, 'Code.js'));
    copyFileSync('dist/Sidebar.html', path.join(dir, 'Sidebar.html'));
    const manifest = JSON.parse(readFileSync('dist/appsscript.json', 'utf8')) as {
      oauthScopes: string[];
    };
    manifest.oauthScopes = manifest.oauthScopes.map((s) =>
      s.endsWith('/auth/spreadsheets') ? `${s}.currentonly` : s,
    );
    writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify(manifest));
    w = await startWorld({ distDir: dir });
    fill(w.rt.spreadsheet, ['acmeanalytics.com']);
    sidebar(w.rt).startPreviewsForSelection();
    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(w.rt.spreadsheet)).toEqual(['pending']);
    expect(
      w.rt.logs.some((l) =>
        l.includes('You do not have permission to call SpreadsheetApp.openById'),
      ),
    ).toBe(true);
  });
});
