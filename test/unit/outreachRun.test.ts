// Pitches and contacted prospects on the kit in memory: the person's selection in a list.
import { contactedMarked, pitchesPreviewed, pitchesWritten } from '../../src/addon/outreach';
import { memoryFile, memoryKit } from '../../dev/memoryKit';
import { HISTORY_SHEET } from '../../src/domain/table';

const TEMPLATE = { template: '{Company} scores {Public score}.' };

/** The Prospects list with rows `a1` selected (`hidden`: rows its filter hides). */
function selected(a1: string, hidden: number[] = []) {
  const file = memoryFile('outreach');
  file.sheets.set('Prospects', [
    ['Company', 'Website', 'Public score'],
    ['Nike', 'nike.com', 88],
    ['Slack', 'slack.com', ''],
    ['Zoom', 'zoom.us', 66],
  ]);
  file.view = { sheet: 'Prospects', a1, hidden };
  const kit = memoryKit({ file });
  const grid = () => file.sheets.get('Prospects')!;
  const column = (header: string) => {
    const at = grid()[0]!.indexOf(header);
    return grid()
      .slice(1)
      .map((r) => (at < 0 ? undefined : (r[at] ?? '')));
  };
  return { kit, file, column, header: () => grid()[0] };
}

it('previews the first pitches and writes nothing', () => {
  const { kit, header } = selected('B2:B4');
  const preview = pitchesPreviewed(kit, TEMPLATE);
  expect(preview.rows.map((r) => r.pitch)).toEqual(['Nike scores 88.', null, 'Zoom scores 66.']);
  expect(header()).toHaveLength(3);
});

it('writes a pitch on each selected row the filter shows, and logs it', () => {
  const { kit, column } = selected('B2:B4', [4]);
  const report = pitchesWritten(kit, TEMPLATE);
  expect(report).toMatchObject({ state: 'done', written: 1, missing: 1 });
  expect(column('Pitch')).toEqual(['Nike scores 88.', '', '']);
  expect(kit.log.recent(5).map((l) => [l.action, l.rows])).toEqual([['pitches', 1]]);
});

it('refuses the add-on’s own sheets, and a busy document, writing nothing', () => {
  const own = selected('A2');
  own.file.sheets.set(HISTORY_SHEET, [['Website'], ['nike.com']]);
  own.file.view = { sheet: HISTORY_SHEET, a1: 'A2' };
  expect(pitchesWritten(own.kit, TEMPLATE).state).toBe('refused');
  const busy = selected('B2:B4');
  busy.file.lock.held = true;
  expect(contactedMarked(busy.kit).state).toBe('busy');
  expect(busy.header()).toHaveLength(3);
});

it('marks rows contacted with the score at contact; a row with no score yet is said', () => {
  const { kit, column } = selected('A2:A3');
  const report = contactedMarked(kit);
  expect(report).toMatchObject({ state: 'done', marked: 2 });
  expect(report.message).toMatch(/1 row had no "Public score" yet/);
  expect(column('Score at contact')).toEqual([88, '', '']);
  expect(
    column('Contacted')
      .slice(0, 2)
      .every((d) => d instanceof Date),
  ).toBe(true);
});
