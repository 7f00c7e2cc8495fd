// The document's Generate claim: taken when free, lapsed or ours; never held for ever; and when
// runs claim at once with no lock in common and clocks seconds apart, exactly one holds it.
import {
  CLAIM_MS,
  SETTLE_MS,
  SKEW_MS,
  claimFor,
  enter,
  lapsedClaims,
  markedInTime,
  readClaim,
  wins,
  type GenerationClaim,
} from '../../src/domain/generationClaim';

const NOW = 1_800_000_000_000;
const claim = (run: string, until: number, held = true, at = NOW - 5000): GenerationClaim => ({
  run,
  at,
  until,
  ...(held ? { held } : {}),
});

it.each([
  ['nobody holds it', [], 'contend'],
  ['another run holds it', [claim('b', NOW + 1000)], 'busy'],
  ['another run is taking it', [claim('b', NOW + 1000, false)], 'busy'],
  ['another run’s claim lapsed', [claim('b', NOW - SKEW_MS)], 'contend'],
  // A clock a few seconds ahead of the holder's does not read its live claim as lapsed.
  ['another’s claim, by a clock 2 s ahead', [claim('b', NOW - 2000)], 'busy'],
  ['it is ours', [claim('a', NOW + 1000)], 'renew'],
  ['ours, not yet marked, and nobody else', [claim('a', NOW + 1000, false)], 'contend'],
  [
    'another claims it for longer than a run can hold',
    [claim('b', NOW + CLAIM_MS + SKEW_MS + 1)],
    'contend',
  ],
  ['another claims it for ever', [claim('b', 8.6e15)], 'contend'],
])('when %s: %s', (_, claims, step) => {
  expect(enter(claims, 'a', NOW)).toBe(step);
});

describe('after settling, who holds it', () => {
  it.each([
    ['alone', [claim('a', NOW + 1000, false)], true],
    [
      'with a contender after it by id',
      [claim('a', NOW + 1000, false), claim('b', NOW + 1000, false)],
      true,
    ],
    [
      'with a contender before it by id',
      [claim('a', NOW + 1000, false), claim('0', NOW + 1000, false)],
      false,
    ],
    [
      'with another that holds it, whatever its id',
      [claim('a', NOW + 1000, false), claim('z', NOW + 1000)],
      false,
    ],
    [
      'with a lapsed contender before it',
      [claim('a', NOW + 1000, false), claim('0', NOW - SKEW_MS)],
      true,
    ],
  ])('%s: %s', (_, claims, holds) => {
    expect(wins(claims, 'a', NOW)).toBe(holds);
  });

  it('is decided alike by every run, whatever their clocks say of when each wrote', () => {
    // Three contenders whose entries were stamped by clocks up to 2 s apart, read in any order.
    const stamps = [-2000, -150, 0, 50, 200, 2000];
    for (const a of stamps)
      for (const b of stamps)
        for (const c of stamps) {
          const all = [
            claim('k2', NOW + 60_000, false, NOW + a),
            claim('k1', NOW + 60_000, false, NOW + b),
            claim('k3', NOW + 60_000, false, NOW + c),
          ];
          const winners = ['k1', 'k2', 'k3'].filter((run) =>
            [0, 1, 2].every((shift) =>
              wins([...all.slice(shift), ...all.slice(0, shift)], run, NOW),
            ),
          );
          expect(winners).toEqual(['k1']);
        }
  });

  it('a latecomer that missed the winner finds its mark, whatever its own id', () => {
    // The winner 'b' marked its entry; 'a' (an earlier id) wrote after b's read, read after.
    const seen = [claim('b', NOW + 60_000, true, NOW + 2000), claim('a', NOW + 60_000, false, NOW)];
    expect(wins(seen, 'a', NOW)).toBe(false);
  });
});

it('lapsed entries are the ones to tidy away', () => {
  const claims = [claim('a', NOW - SKEW_MS), claim('b', NOW + 1), claim('c', 8.6e15)];
  expect(lapsedClaims(claims, NOW).map((c) => c.run)).toEqual(['a', 'c']);
});

it('a mark seen late cannot be sure a contender saw it', () => {
  expect(markedInTime(NOW, NOW + SETTLE_MS / 2 - 1)).toBe(true);
  expect(markedInTime(NOW, NOW + SETTLE_MS / 2)).toBe(false);
});

it('a claim lasts one round trip, and never past its execution', () => {
  expect(claimFor('a', NOW, NOW, NOW + 10 * 60_000, true)).toEqual({
    run: 'a',
    at: NOW,
    until: NOW + CLAIM_MS,
    held: true,
  });
  expect(claimFor('a', NOW - 9, NOW, NOW + 1000, false)).toEqual({
    run: 'a',
    at: NOW - 9,
    until: NOW + 1000,
  });
});

it.each([
  ['{"run":"a","at":5,"until":9}', { run: 'a', at: 5, until: 9 }],
  ['{"run":"a","at":5,"until":9,"held":true}', { run: 'a', at: 5, until: 9, held: true }],
  ['{"run":"a","until":9,"held":"yes"}', { run: 'a', at: 0, until: 9 }],
  ['{"run":3,"until":9}', null],
  ['not json', null],
])('reads %s', (text, read) => {
  expect(readClaim(text)).toEqual(read);
});
