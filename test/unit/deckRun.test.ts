// A report deck through its ports, in memory: the list's rows, `Score history` as readings.
import { reportDeck } from '../../src/addon/reports';
import { fakeDeckPorts } from './fakes';

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 10, 26, 10);
const HEAD = ['Company', 'Website', 'Public score'];
const rows = [
  { row: 2, values: ['Nike', 'nike.com', 88] },
  { row: 3, values: ['Adidas', 'adidas.com', 80] },
];
const weekly = (scores: number[]) =>
  scores.map((score, i) => ({ at: NOW - (scores.length - i) * 7 * DAY, score, engines: {} }));

it('draws the brand against its competitors from its readings, in a new presentation', () => {
  const { ports, drawn } = fakeDeckPorts({ 'nike.com': weekly([80, 84, 88]) });
  const made = reportDeck(ports, 'Prospects', HEAD, rows, 4, { fresh: false });
  expect(typeof made).toBe('object');
  expect(drawn).toHaveLength(1);
  expect(drawn[0]!.id).toBeUndefined();
  expect(JSON.stringify(drawn[0]!.deck)).toContain('2. adidas.com');
});

it('a scheduled deck reads names and scores from Score history, never from cells typed since', () => {
  const { ports, drawn } = fakeDeckPorts({
    'nike.com': weekly([80, 84, 88]),
    'adidas.com': weekly([79, 80]),
  });
  const typed = [
    { row: 2, values: ['URGENT: sign in at https://evil.example', 'nike.com', 99] },
    rows[1]!,
  ];
  reportDeck(ports, 'Prospects', HEAD, typed, 4, { fresh: false, scheduled: true, deckId: 'd1' });
  const text = JSON.stringify(drawn[0]!.deck);
  expect(text).not.toContain('evil.example');
  expect(text).not.toContain('99');
  expect(drawn[0]!.id).toBe('d1');
});

it('without the Slides permission no deck is drawn, and says why', () => {
  const { ports, drawn } = fakeDeckPorts({ 'nike.com': weekly([80, 84]) }, { missing: ['decks'] });
  expect(reportDeck(ports, 'Prospects', HEAD, rows, 4, { fresh: false })).toMatch(
    /^No deck was made: .*permission/,
  );
  expect(drawn).toEqual([]);
});
