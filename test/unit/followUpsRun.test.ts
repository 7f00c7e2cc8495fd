// The Follow-ups rebuild on the kit in memory: every list with a Contacted column read, the
// add-on's sheet replaced in one write, the threshold kept in the file.
import { followUpThreshold, refreshFollowUpsIn } from '../../src/addon/followUps';
import { FOLLOW_UPS_SHEET } from '../../src/domain/table';
import { memoryFile, memoryKit } from '../../dev/memoryKit';

const HEAD = ['Website', 'Public score', 'Contacted', 'Score at contact', 'Report URL', 'Pitch'];
const contacted = new Date(Date.UTC(2026, 10, 1));

function book(sheets: Record<string, unknown[][]> = LISTS) {
  const file = memoryFile('follow-ups');
  for (const [name, rows] of Object.entries(sheets)) file.sheets.set(name, rows);
  const kit = memoryKit({ file });
  // Each replace of a sheet as it is asked for, its number formats with it.
  const replaced = new Map<string, Array<{ column: number; format: string }>>();
  const replace = kit.tables.replace;
  kit.tables.replace = (name, values, formats = []) => {
    replaced.set(name, formats);
    replace(name, values, formats);
  };
  return { kit, file, replaced };
}

const LISTS = {
  Prospects: [
    HEAD,
    ['nike.com', 70, contacted, 88, '', 'Hi Nike'],
    ['slack.com', 49, contacted, 47, '', ''],
    ['zoom.us', 60, '', '', '', ''],
  ],
  Agencies: [HEAD, ['stripe.com', 40, contacted, 55, 'https://r.example/1', '']],
  Notes: [['Anything'], ['no contacted column here']],
};

it('lists every contacted prospect of every list that moved by the threshold, largest move first', () => {
  const { kit, file, replaced } = book();
  const report = refreshFollowUpsIn(kit, 10);
  expect(report).toMatchObject({ state: 'done', rows: 2 });
  const values = file.sheets.get(FOLLOW_UPS_SHEET)!;
  const sheetAt = values[0]!.indexOf('Sheet');
  const siteAt = values[0]!.indexOf('Website');
  expect(values.slice(1).map((r) => [r[sheetAt], r[siteAt]])).toEqual([
    ['Prospects', 'nike.com'],
    ['Agencies', 'stripe.com'],
  ]);
  expect(replaced.get(FOLLOW_UPS_SHEET)!.length).toBeGreaterThan(0);
});

it('keeps the threshold the person chose in the file, for the schedule’s rebuild', () => {
  const { kit, file } = book();
  expect(followUpThreshold(kit)).toBe(10);
  file.records.set('vis.followUps.minChange', '20');
  expect(followUpThreshold(kit)).toBe(20);
  expect(refreshFollowUpsIn(kit)).toMatchObject({ state: 'done', rows: 0 });
  file.records.set('vis.followUps.minChange', 'junk');
  expect(followUpThreshold(kit)).toBe(10);
});

it('nothing contacted: the sheet is not made; another run holding the document: busy', () => {
  const empty = book({ Prospects: [HEAD, ['nike.com', 70, '', '', '', '']] });
  expect(refreshFollowUpsIn(empty.kit, 10)).toMatchObject({ state: 'nothing', rows: 0 });
  expect(empty.replaced.size).toBe(0);
  const busy = book();
  busy.file.lock.held = true;
  expect(refreshFollowUpsIn(busy.kit, 10).state).toBe('busy');
  expect(busy.replaced.size).toBe(0);
});
