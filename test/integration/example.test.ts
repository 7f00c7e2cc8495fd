// The first run: an example sheet of ten well-known brands with their public scores, no key needed.
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { failing } from '../failing';

let w: World;
afterEach(() => w?.close());

it('inserts "Visibility example" with ten brands scored as values, without a key, and costs nothing twice', async () => {
  w = await startWorld({ apiKey: null });
  const list = w.rt.spreadsheet.activeSheet.probe.title;
  w.rt.spreadsheet.activeSheet.setActiveSelection('B2');
  const r = sidebar(w.rt).insertExample();
  expect(r.state).toBe('done');
  // The example is active now; the report holds the way back to the list the person was on.
  expect(w.rt.spreadsheet.activeSheet.probe.title).toBe('Visibility example');
  expect(r.backTo).toEqual({ sheetName: list, a1: 'B2' });
  expect(sidebar(w.rt).insertExample().backTo).toBeNull();
  const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility example')!;
  const head = sheet.probe.rows[0]!.map((c) => c.value);
  const rows = sheet.probe.rows
    .slice(1)
    .map((row) => Object.fromEntries(head.map((h, i) => [h, row[i]?.value])));
  expect(rows).toHaveLength(10);
  expect(failing(rows, (row) => typeof row['Public score'] === 'number')).toEqual([]);
  expect(sheet.probe.rows.flat().some((c) => c.formula)).toBe(false);
  const requests = w.rt.fetchStats.requests;
  expect(requests).toBe(10);
  expect(w.rt.fetchStats.requests).toBe(requests);
});

it('inserts the prospect list and brand monitor templates once each, ready to use', async () => {
  w = await startWorld();
  const r = sidebar(w.rt).insertTemplate('prospects');
  expect(r.state).toBe('done');
  const list = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Prospect list')!;
  expect(list.probe.rows[0]!.map((c) => c.value).slice(0, 6)).toEqual([
    'Website',
    'Company',
    'Contact',
    'Email',
    'Public score',
    'Public level',
  ]);
  expect(list.conditionalRules).toHaveLength(1);
  expect(sidebar(w.rt).insertTemplate('prospects').state).toBe('nothing');
  sidebar(w.rt).insertTemplate('monitor');
  const monitor = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
  expect(monitor.probe.rows[0]![0]).toMatchObject({
    value: 'Brand agent ID',
    note: expect.stringMatching(/one brand agent ID per row/),
  });
  // The how-to is a note, not a row: polling finds no agent to check.
  expect(sidebar(w.rt).pollScanMonitor(true).watched).toBe(0);
});
