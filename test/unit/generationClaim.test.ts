// The document's Generate claim: taken when free, lapsed or ours; never held for ever; and when
// two runs claim at once with no lock in common, the one that wrote first holds it.
import {
  CLAIM_MS,
  SETTLE_MS,
  claimFor,
  holderOf,
  lapsedClaims,
  mayClaim,
  readClaim,
  writtenInTime,
} from '../../src/domain/generationClaim';

const NOW = 1_800_000_000_000;
const claim = (run: string, until: number, at = NOW - 5000) => ({ run, at, until });

it.each([
  ['nobody holds it', [], true],
  ['another run holds it', [claim('b', NOW + 1000)], false],
  ['another run’s claim lapsed', [claim('b', NOW)], true],
  ['it is ours', [claim('a', NOW + 1000)], true],
  ['another claims it for longer than a run can hold', [claim('b', NOW + CLAIM_MS + 1)], true],
  ['another claims it for ever', [claim('b', 8.6e15)], true],
  ['ours and a later one', [claim('a', NOW + 1000, NOW - 10), claim('b', NOW + 1000, NOW)], true],
  [
    'an earlier one and ours',
    [claim('b', NOW + 1000, NOW - 10), claim('a', NOW + 1000, NOW)],
    false,
  ],
  ['a lapsed earlier one and ours', [claim('b', NOW, NOW - 10), claim('a', NOW + 1000)], true],
])('when %s: %s', (_, claims, may) => {
  expect(mayClaim(claims, 'a', NOW)).toBe(may);
});

it('of two written at the same moment the lower id holds it, whichever reads', () => {
  const both = [claim('b', NOW + 1000, NOW), claim('a', NOW + 1000, NOW)];
  expect(holderOf(both, NOW)?.run).toBe('a');
  expect(holderOf([...both].reverse(), NOW)?.run).toBe('a');
});

it('lapsed entries are the ones to tidy away', () => {
  const claims = [claim('a', NOW), claim('b', NOW + 1), claim('c', 8.6e15)];
  expect(lapsedClaims(claims, NOW).map((c) => c.run)).toEqual(['a', 'c']);
});

it('a write seen late cannot be sure a rival’s was seen, so it withdraws', () => {
  expect(writtenInTime(NOW, NOW + SETTLE_MS / 2 - 1)).toBe(true);
  expect(writtenInTime(NOW, NOW + SETTLE_MS / 2)).toBe(false);
});

it('a claim lasts one round trip, and never past its execution', () => {
  expect(claimFor('a', NOW, NOW, NOW + 10 * 60_000)).toEqual({
    run: 'a',
    at: NOW,
    until: NOW + CLAIM_MS,
  });
  expect(claimFor('a', NOW - 9, NOW, NOW + 1000)).toEqual({
    run: 'a',
    at: NOW - 9,
    until: NOW + 1000,
  });
});

it.each([
  ['{"run":"a","at":5,"until":9}', { run: 'a', at: 5, until: 9 }],
  ['{"run":"a","until":9}', { run: 'a', at: 0, until: 9 }],
  ['{"run":3,"until":9}', null],
  ['not json', null],
])('reads %s', (text, read) => {
  expect(readClaim(text)).toEqual(read);
});
