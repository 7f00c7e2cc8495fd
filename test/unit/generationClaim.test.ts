// The document's Generate claim: taken when free, lapsed or ours; never held for ever.
import { CLAIM_MS, claimFor, mayClaim } from '../../src/domain/generationClaim';

const NOW = 1_800_000_000_000;

it.each([
  ['nobody holds it', null, true],
  ['another run holds it', { run: 'b', until: NOW + 1000 }, false],
  ['another run’s claim lapsed', { run: 'b', until: NOW }, true],
  ['it is ours', { run: 'a', until: NOW + 1000 }, true],
  [
    'another claims it for longer than a run can hold',
    { run: 'b', until: NOW + CLAIM_MS + 1 },
    true,
  ],
  ['another claims it for ever', { run: 'b', until: 8.6e15 }, true],
] as const)('when %s: %s', (_, current, may) => {
  expect(mayClaim(current, 'a', NOW)).toBe(may);
});

it('a claim lasts one round trip, and never past its execution', () => {
  expect(claimFor('a', NOW, NOW + 10 * 60_000).until).toBe(NOW + CLAIM_MS);
  expect(claimFor('a', NOW, NOW + 1000).until).toBe(NOW + 1000);
});
