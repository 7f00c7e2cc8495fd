// Pitches and contacted prospects through the selection's port, in memory.
import { contactedMarked, pitchesPreviewed, pitchesWritten } from '../../src/addon/outreach';
import { FakeSelection, FakeSheet } from './fakes';

const list = () =>
  new FakeSheet([
    ['Company', 'Website', 'Public score'],
    ['Nike', 'nike.com', 88],
    ['Slack', 'slack.com', ''],
    ['Zoom', 'zoom.us', 66],
  ]);
const TEMPLATE = { template: '{Company} scores {Public score}.' };

it('previews the first pitches and writes nothing', () => {
  const sheet = list();
  const preview = pitchesPreviewed(new FakeSelection(sheet, 2, 4), TEMPLATE);
  expect(preview.rows.map((r) => r.pitch)).toEqual(['Nike scores 88.', null, 'Zoom scores 66.']);
  expect(sheet.rows[0]).toHaveLength(3);
});

it('writes a pitch on each selected row the filter shows, and logs it', () => {
  const sheet = list();
  const selection = new FakeSelection(sheet, 2, 4, [4]);
  const report = pitchesWritten(selection, TEMPLATE);
  expect(report).toMatchObject({ state: 'done', written: 1, missing: 1 });
  expect(sheet.column('Pitch')).toEqual(['Nike scores 88.', '', '']);
  expect(selection.logged.map((l) => [l.action, l.rows])).toEqual([['pitches', 1]]);
});

it('refuses the add-on’s own sheets, and a busy document, writing nothing', () => {
  const sheet = list();
  const own = new FakeSelection(sheet, 2, 4);
  own.refusedAs = 'Score history';
  expect(pitchesWritten(own, TEMPLATE).state).toBe('refused');
  const busy = new FakeSelection(sheet, 2, 4);
  busy.busy = true;
  expect(contactedMarked(busy).state).toBe('busy');
  expect(sheet.rows[0]).toHaveLength(3);
});

it('marks rows contacted with the score at contact; a row with no score yet is said', () => {
  const sheet = list();
  const report = contactedMarked(new FakeSelection(sheet, 2, 3));
  expect(report).toMatchObject({ state: 'done', marked: 2 });
  expect(report.message).toMatch(/1 row had no "Public score" yet/);
  expect(sheet.column('Score at contact')).toEqual([88, '', '']);
  expect(
    sheet
      .column('Contacted')
      .slice(0, 2)
      .every((d) => d instanceof Date),
  ).toBe(true);
});
