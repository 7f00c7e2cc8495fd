// The first run: an example sheet of ten well-known brands with their public scores, no key needed.
import { startWorld, type World } from './harness';

let w: World;
afterEach(() => w?.close());

it('inserts "Visibility example" with ten brands scored as values, without a key, and costs nothing twice', async () => {
  w = await startWorld({ apiKey: null });
  const r = w.rt.runFromSidebar('insertExample') as { state: string; message: string };
  expect(r.state).toBe('done');
  const sheet = w.rt.spreadsheet.sheets.find((s) => s.sheetName === 'Visibility example')!;
  const head = sheet.cells[0]!.map((c) => c.value);
  const rows = sheet.cells
    .slice(1)
    .map((row) => Object.fromEntries(head.map((h, i) => [h, row[i]?.value])));
  expect(rows).toHaveLength(10);
  expect(rows.every((row) => typeof row['Public score'] === 'number')).toBe(true);
  expect(sheet.cells.flat().some((c) => c.formula)).toBe(false);
  const requests = w.rt.fetchStats.requests;
  expect(requests).toBe(10);
  w.rt.runFromSidebar('insertExample');
  expect(w.rt.fetchStats.requests).toBe(requests);
});
