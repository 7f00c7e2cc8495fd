// Google's quotas as windows of 24 hours from the first request, per meter.
import {
  emptyTally,
  fold,
  live,
  merge,
  QUOTA_WINDOW_MS,
  windowCloses,
  type Tally,
} from '../../src/domain/quotaWindow';

const H = 3600_000;
const T0 = Date.UTC(2026, 10, 26, 15); // a first request at 15:00 UTC
const tally = (fetches: number, opened?: number, triggerMs = 0, triggerOpened?: number): Tally => ({
  counts: { fetches, properties: 0, triggerMs },
  opened: {
    ...(opened === undefined ? {} : { fetches: opened }),
    ...(triggerOpened === undefined ? {} : { triggerMs: triggerOpened }),
  },
});

describe('what still counts', () => {
  it.each([
    ['an hour in', T0 + H, 500],
    ['past midnight UTC, 10 hours in', T0 + 10 * H, 500],
    ['a minute before it closes', T0 + QUOTA_WINDOW_MS - 60_000, 500],
    ['24 hours after the first request', T0 + QUOTA_WINDOW_MS, 0],
  ])('%s', (_what, now, fetches) => {
    expect(live(tally(500, T0), now).counts.fetches).toBe(fetches);
  });

  it('each meter has its own window', () => {
    const t = tally(500, T0, 60_000, T0 + 5 * H);
    expect(live(t, T0 + 26 * H).counts).toEqual({ fetches: 0, properties: 0, triggerMs: 60_000 });
  });
});

describe('counts folded in', () => {
  it('join the open window', () => {
    expect(fold(tally(500, T0), tally(20, T0 + 2 * H), T0 + 3 * H)).toEqual(tally(520, T0));
  });

  it('open a new window when theirs closed, at their first request', () => {
    const later = T0 + 30 * H;
    expect(fold(tally(500, T0), tally(20, later - H), later)).toEqual(tally(20, later - H));
  });

  it('a meter counted without a known time opens at the fold', () => {
    const added = { ...emptyTally(), counts: { fetches: 0, properties: 2, triggerMs: 0 } };
    expect(fold(emptyTally(), added, T0).opened).toEqual({ properties: T0 });
  });
});

it('slots gathered apart are summed, their windows opened at the earliest', () => {
  expect(merge(tally(3, T0 + H), tally(4, T0))).toEqual(tally(7, T0));
  expect(merge(tally(3), emptyTally())).toEqual(tally(3));
});

it('says when a window closes, or that none is open', () => {
  expect(windowCloses(tally(1, T0), 'fetches', T0 + H)).toBe(T0 + QUOTA_WINDOW_MS);
  expect(windowCloses(tally(1, T0), 'fetches', T0 + QUOTA_WINDOW_MS)).toBeNull();
  expect(windowCloses(emptyTally(), 'fetches', T0)).toBeNull();
});
