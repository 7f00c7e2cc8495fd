// The prospect list the reliability and hostile-service suites work on, and where the key must
// never be found.
import type { GasRuntime } from '../../dev/gas-runtime/runtime';
import type { GenerateReport } from '../../src/contract/previews';
import { KEYS } from '../integration/harness';
import { sidebar } from '../sidebarApi';

export const KEY = KEYS.pro;

/**
 * Every place the key must never be: cells, notes, logs, e-mails, decks, document and script
 * properties, caches, the sidebar (webhook posts are the emulator's: see the hostile suite).
 */
export function leaks(rt: GasRuntime, extra: unknown[] = []): string[] {
  const found: string[] = [];
  for (const sheet of rt.spreadsheet.sheets) {
    sheet.probe.rows.forEach((row, r) =>
      row.forEach((c, k) => {
        if ([c.value, c.formula, c.note].some((v) => String(v ?? '').includes(KEY)))
          found.push(`${sheet.probe.title} cell ${r + 1}:${k + 1}`);
      }),
    );
  }
  if (rt.logs.some((l) => l.includes(KEY))) found.push('log');
  if (JSON.stringify(rt.mail.sent).includes(KEY)) found.push('e-mail');
  if (JSON.stringify([...rt.slides.decks.values()]).includes(KEY)) found.push('deck');
  if (JSON.stringify(rt.documentProps.data).includes(KEY)) found.push('document properties');
  if (JSON.stringify(rt.scriptProps.data).includes(KEY)) found.push('script properties');
  for (const cache of rt.allCaches())
    for (const [k, v] of cache.data)
      if (k.includes(KEY) || v.value.includes(KEY)) found.push('cache');
  rt.run('showSidebar');
  if (rt.ui.sidebar?.html.includes(KEY)) found.push('sidebar html');
  if (JSON.stringify(sidebar(rt).getSettings()).includes(KEY)) found.push('getSettings');
  if (JSON.stringify(extra).includes(KEY)) found.push('messages returned');
  return found;
}

type Report = GenerateReport;
export function generateAll(rt: GasRuntime): Report[] {
  const reports: Report[] = [];
  let request: Report['request'] = null;
  for (let i = 0; i < 20; i++) {
    const r = sidebar(rt).startPreviewsForSelection(request ?? undefined);
    reports.push(r);
    if (r.state !== 'partial') break;
    request = r.request;
  }
  return reports;
}

export function load(rt: GasRuntime, websites: unknown[], extraHead: string[] = ['Notes']): void {
  const sheet = rt.spreadsheet.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [
    ['Company', 'Website', ...extraHead],
    ...websites.map((site, i) => [`Company ${i}`, site, ...extraHead.map((h) => `${h} ${i}`)]),
  ].map((r) => r.map((value) => ({ value: value as string })));
  sheet.setActiveSelection(`B1:B${websites.length + 1}`);
}

export function rows(rt: GasRuntime, sheetName = 'Prospects'): Record<string, unknown>[] {
  const sheet = rt.spreadsheet.sheets.find((s) => s.probe.title === sheetName)!;
  const head = sheet.probe.rows[0]!.map((c) => String(c.value));
  return sheet.probe.rows
    .slice(1)
    .map((r) =>
      Object.fromEntries(
        head.map((h, i) => [h, r[i]?.formula ? `FORMULA ${r[i]!.formula}` : (r[i]?.value ?? '')]),
      ),
    );
}
