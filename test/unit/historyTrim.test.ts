// Which rows a full history gives up: its oldest readings by time, wherever a sort put them.
import { oldestRuns, topIsOldest } from '../../src/domain/historyTrim';

describe('topIsOldest', () => {
  it.each([
    ['appended in time order', [1, 2], [3, 4, 5], true],
    ['a tie with the rows below', [1, 3], [3, 4], true],
    ['sorted newest first', [9, 8], [3, 2], false],
    ['a top row without a time', [1, null], [3], false],
    ['rows below without a time are not readings', [1, 2], [null, 3], true],
  ])('%s', (_, top, below, expected) => {
    expect(topIsOldest(top, below)).toBe(expected);
  });
});

describe('oldestRuns', () => {
  it.each([
    ['in time order: the top rows, one run', [1, 2, 3, 4], 2, [{ row: 2, count: 2 }]],
    ['newest first: the bottom rows', [4, 3, 2, 1], 2, [{ row: 4, count: 2 }]],
    [
      'spread: runs, the lowest first',
      [1, 9, 2, 3, 9, 4],
      4,
      [
        { row: 7, count: 1 },
        { row: 4, count: 2 },
        { row: 2, count: 1 },
      ],
    ],
    ['a tie: the upper row first', [5, 1, 1, 5], 1, [{ row: 3, count: 1 }]],
    [
      'rows without a time go after every reading',
      [null, 2, null, 1],
      3,
      [
        { row: 5, count: 1 },
        { row: 2, count: 2 },
      ],
    ],
    ['nothing to drop', [1, 2], 0, []],
  ])('%s', (_, times, count, expected) => {
    expect(oldestRuns(times as Array<number | null>, 2, count as number)).toEqual(expected);
  });
});
