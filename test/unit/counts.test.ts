// Counts in the add-on's messages agree with their nouns: "1 row", never "1 rows". A first run
// often has one of something (one selected site, one contacted prospect, one agent).
import { counted } from '../../src/contract/words';
import { counted as countedOnPage } from '../../src/ui/words';
import { followUpMessage } from '../../src/domain/followUps';
import { tallyScans } from '../../src/domain/monitorRun';
import { recipientsRefusal } from '../../src/domain/schedules';

it.each([
  [0, 'row', undefined, '0 rows'],
  [1, 'row', undefined, '1 row'],
  [2, 'row', undefined, '2 rows'],
  [12_500, 'row', undefined, '12,500 rows'],
  [1, 'row was', 'rows were', '1 row was'],
  [3, 'row was', 'rows were', '3 rows were'],
])('counted(%i, %s, %s) is "%s", on the server and on the page', (n, one, many, text) => {
  expect(counted(n, one, many)).toBe(text);
  expect(countedOnPage(n, one, many)).toBe(text);
});

it.each([
  [{ contacted: 1, rows: 0 }, 'None of the 1 contacted prospect moved by 10 points'],
  [{ contacted: 1, rows: 1 }, '1 of the 1 contacted prospect moved by 10 points'],
  [{ contacted: 2, rows: 1 }, '1 of the 2 contacted prospects moved by 10 points'],
])('follow-ups %o: "%s…"', (counts, text) => {
  expect(followUpMessage(counts, 10).startsWith(text)).toBe(true);
});

it.each([
  [[], 'No brand agents yet: put their IDs in the "Scan monitor" sheet'],
  [['complete'], '1 agent: 1 complete'],
  [['complete', 'failed'], '2 agents: 1 complete'],
])('the scan monitor of %o: "%s…"', (states, text) => {
  expect(tallyScans(states).message.startsWith(text)).toBe(true);
});

it.each([
  [1, 'This recipient, with your other report schedules'],
  [3, 'These 3 recipients, with your other report schedules'],
])('%i recipients past a day: "%s…"', (these, text) => {
  expect(recipientsRefusal({ these, others: 100, perDay: 100 })?.startsWith(text)).toBe(true);
});
