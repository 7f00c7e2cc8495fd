// The Follow-ups rebuild through the workbook's port, in memory: every list with a Contacted
// column read, the add-on's sheet replaced in one write, the threshold kept in the file.
import { followUpThreshold, refreshFollowUpsIn } from '../../src/addon/followUps';
import { FOLLOW_UPS_SHEET } from '../../src/domain/table';
import { FakeBook } from './fakes';

const HEAD = ['Website', 'Public score', 'Contacted', 'Score at contact', 'Report URL', 'Pitch'];
const contacted = new Date(Date.UTC(2026, 10, 1));

const book = () =>
  new FakeBook({
    Prospects: [
      HEAD,
      ['nike.com', 70, contacted, 88, '', 'Hi Nike'],
      ['slack.com', 49, contacted, 47, '', ''],
      ['zoom.us', 60, '', '', '', ''],
    ],
    Agencies: [HEAD, ['stripe.com', 40, contacted, 55, 'https://r.example/1', '']],
    Notes: [['Anything'], ['no contacted column here']],
  });

it('lists every contacted prospect of every list that moved by the threshold, largest move first', () => {
  const b = book();
  const report = refreshFollowUpsIn(b, 10);
  expect(report).toMatchObject({ state: 'done', rows: 2 });
  const { values, formats } = b.replaced.get(FOLLOW_UPS_SHEET)!;
  const sheetAt = values[0]!.indexOf('Sheet');
  const siteAt = values[0]!.indexOf('Website');
  expect(values.slice(1).map((r) => [r[sheetAt], r[siteAt]])).toEqual([
    ['Prospects', 'nike.com'],
    ['Agencies', 'stripe.com'],
  ]);
  expect(formats.length).toBeGreaterThan(0);
});

it('keeps the threshold the person chose in the file, for the schedule’s rebuild', () => {
  const b = book();
  expect(followUpThreshold(b)).toBe(10);
  b.meta.set('vis.followUps.minChange', '20');
  expect(followUpThreshold(b)).toBe(20);
  expect(refreshFollowUpsIn(b)).toMatchObject({ state: 'done', rows: 0 });
  b.meta.set('vis.followUps.minChange', 'junk');
  expect(followUpThreshold(b)).toBe(10);
});

it('nothing contacted: the sheet is not made; another run holding the document: busy', () => {
  const empty = new FakeBook({ Prospects: [HEAD, ['nike.com', 70, '', '', '', '']] });
  expect(refreshFollowUpsIn(empty, 10)).toMatchObject({ state: 'nothing', rows: 0 });
  expect(empty.replaced.size).toBe(0);
  const b = book();
  b.busy = true;
  expect(refreshFollowUpsIn(b, 10).state).toBe('busy');
  expect(b.replaced.size).toBe(0);
});
