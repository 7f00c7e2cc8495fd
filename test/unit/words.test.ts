// The plan lines of the Scores and Previews tabs: today's quota is named only when a run would
// not fit in it (the usage line at the top is its one home).
import { isoDay, requestsText } from '../../src/ui/words';

it.each([
  [0, 19_979, '0 requests'],
  [1, 19_979, '1 request'],
  [800, 19_979, '800 requests'],
  [800, 800, '800 requests'],
  [801, 800, '801 requests; only 800 left today, the rest wait for tomorrow'],
  [2_000, 0, '2,000 requests; only 0 left today, the rest wait for tomorrow'],
])('%i requests with %i left: "%s"', (n, left, text) => {
  expect(requestsText(n, left)).toBe(text);
});

it.each([
  ['2026-10-19T09:00:00.000Z', '2026-10-19'],
  ['2026-10-19', '2026-10-19'],
  ['not a date', 'not a date'],
])('a day in the sidebar reads as everywhere else: %s → %s', (iso, day) => {
  expect(isoDay(iso)).toBe(day);
});
