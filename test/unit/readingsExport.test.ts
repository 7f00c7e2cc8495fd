// "Export tidy readings" on the platform kit in memory: Score history read over the columns a
// tidy row needs, the room checked before anything is written, and the readings' sheet replaced.
import { memoryFile, memoryKit } from '../../dev/memoryKit';
import { exportReadingsWith } from '../../src/addon/readingsExport';
import { HISTORY_SHEET } from '../../src/domain/table';
import { READINGS_SHEET, TIDY_HEADERS } from '../../src/domain/tidyReadings';

function world() {
  const file = memoryFile();
  const kit = memoryKit({ file });
  kit.history.append([
    {
      source: 'score',
      slug: 'nike',
      website: 'nike.com',
      brand: 'Nike',
      score: 88,
      chatgpt: 90,
      checked: new Date(Date.UTC(2026, 10, 20)),
      lastScanned: '2026-11-19',
    },
  ]);
  return { file, kit };
}

it('writes one row per score of each reading, under the tidy headers', () => {
  const { file, kit } = world();
  const report = exportReadingsWith(kit);
  expect(report).toMatchObject({ state: 'done', rows: 2 });
  const sheet = file.sheets.get(READINGS_SHEET)!;
  expect(sheet[0]).toEqual(TIDY_HEADERS);
  expect(sheet).toHaveLength(3);
});

it('never overwrites a sheet of that name it did not make, and says so', () => {
  const { file, kit } = world();
  file.sheets.set(READINGS_SHEET, [
    ['Client', 'Notes'],
    ['Acme', 'renewal'],
  ]);
  const report = exportReadingsWith(kit);
  expect(report.state).toBe('refused');
  expect(report.message).toMatch(READINGS_SHEET);
  expect(file.sheets.get(READINGS_SHEET)).toEqual([
    ['Client', 'Notes'],
    ['Acme', 'renewal'],
  ]);
});

it('with no history, writes nothing; with the document busy, says so', () => {
  const { file, kit } = world();
  file.sheets.delete(HISTORY_SHEET);
  expect(exportReadingsWith(kit).state).toBe('nothing');
  expect(file.sheets.has(READINGS_SHEET)).toBe(false);
  file.lock.held = true;
  expect(exportReadingsWith(kit).state).toBe('busy');
});
