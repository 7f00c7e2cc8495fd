import { firingBudget, waitingForTomorrow } from '../../src/domain/backgroundBudget';

const MIN = 60000;

describe('a firing’s time for schedules', () => {
  it.each([
    ['a fresh day', 90 * MIN, 4 * MIN, false],
    ['just above the reserve and a firing', 19 * MIN, 4 * MIN, false],
    ['the last minutes before the reserve', 17 * MIN, 2 * MIN, true],
    ['only the reserve left', 15 * MIN, 0, true],
    ['less than the reserve', 5 * MIN, 0, true],
    ['nothing left', 0, 0, true],
  ])('%s', (_, leftTodayMs, schedulesMs, heldByDay) => {
    expect(firingBudget({ leftTodayMs, firingMs: 4 * MIN, reserveMs: 15 * MIN })).toEqual({
      schedulesMs,
      heldByDay,
    });
  });
});

describe('the log line of schedules that wait', () => {
  it.each([
    [1, /^1 due schedule waits for tomorrow: .* 76 of the 90 minutes/],
    [3, /^3 due schedules wait for tomorrow/],
  ])('%i waiting', (waiting, expected) => {
    expect(waitingForTomorrow(waiting, 76, 90)).toMatch(expected);
  });
});
