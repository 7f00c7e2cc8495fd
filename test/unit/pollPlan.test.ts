import { duePreviews, scanRowDue } from '../../src/domain/pollPlan';

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

describe('scanRowDue', () => {
  it('asks about running scans every 30 s, errors every 2 minutes, settled rows every 10', () => {
    const at = (s: number) => new Date(NOW - s * 1000);
    expect(scanRowDue('running', at(29), NOW)).toBe(false);
    expect(scanRowDue('running', at(30), NOW)).toBe(true);
    expect(scanRowDue('error: unknown agent', at(60), NOW)).toBe(false);
    expect(scanRowDue('error: unknown agent', at(120), NOW)).toBe(true);
    expect(scanRowDue('complete', at(300), NOW)).toBe(false);
    expect(scanRowDue('complete', at(600), NOW)).toBe(true);
    expect(scanRowDue('complete', '', NOW)).toBe(true);
  });
});
