import { duePreviews } from '../../src/domain/pollPlan';

const NOW = 1_000_000;
const p = (uuid: string, requestedAgo: number | null, askedAgo: number | null) => ({
  uuid,
  requestedAt: requestedAgo === null ? null : NOW - requestedAgo,
  lastAskedAt: askedAgo === null ? null : NOW - askedAgo,
});

describe('duePreviews', () => {
  it('waits until a preview can be done, then asks no sooner than 15 s after the last ask', () => {
    expect(
      duePreviews(
        [
          p('young', 20000, null),
          p('ripe', 45000, null),
          p('just-asked', 90000, 5000),
          p('asked-a-while-ago', 90000, 16000),
          p('no-requested-column', null, null),
        ],
        NOW,
        10,
      ),
    ).toEqual(['no-requested-column', 'ripe', 'asked-a-while-ago']);
  });

  it('asks most overdue first, each uuid once, within the limit', () => {
    expect(
      duePreviews(
        [p('a', 50000, null), p('b', 300000, null), p('b', 300000, null), p('c', 70000, null)],
        NOW,
        2,
      ),
    ).toEqual(['b', 'c']);
  });
});
