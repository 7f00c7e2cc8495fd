// The grid's decisions from plain numbers: what to grow, and how much history fits.
import { growthFor, historyRoom } from '../../src/domain/grid';
import { parseColumnBlock } from '../../src/domain/a1';

describe('growthFor', () => {
  it.each([
    [
      { rows: 1000, columns: 26 },
      { rows: 1000, columns: 26 },
      { rows: 0, columns: 0 },
    ],
    [
      { rows: 1000, columns: 26 },
      { rows: 1001, columns: 37 },
      { rows: 1, columns: 11 },
    ],
    [
      { rows: 1000, columns: 26 },
      { rows: 4001, columns: 3 },
      { rows: 3001, columns: 0 },
    ],
  ])('a %j grid holding a block to %j grows by %j', (max, needed, growth) => {
    expect(growthFor(max, needed)).toEqual(growth);
  });
});

describe('historyRoom', () => {
  it.each([
    // Room to spare: the cap applies.
    [
      { cap: 50000, otherCells: 26000, columns: 26, headerRows: 1 },
      { rows: 50000, limitedBy: 'cap' },
    ],
    // Other sheets leave 9,900,000 - 9,899,000 = 1,000 cells: 38 rows of 26, less the header.
    [
      { cap: 50000, otherCells: 9_899_000, columns: 26, headerRows: 1 },
      { rows: 37, limitedBy: 'workbook' },
    ],
    // Past the reserve already: no history rows at all.
    [
      { cap: 50000, otherCells: 9_950_000, columns: 26, headerRows: 1 },
      { rows: 0, limitedBy: 'workbook' },
    ],
  ])('%j gives %j', (input, room) => {
    expect(historyRoom(input)).toEqual(room);
  });
});

describe('parseColumnBlock', () => {
  it.each([
    ['B2:B1000', { column: 2, first: 2, last: 1000 }],
    ['B2', { column: 2, first: 2, last: 2 }],
    ['B2:B', { column: 2, first: 2, last: null }],
    ['B:B', { column: 2, first: 1, last: null }],
    ['AA10:AA12', { column: 27, first: 10, last: 12 }],
    ['B2:C9', null],
    ['5:7', null],
  ])('%s', (text, block) => {
    expect(parseColumnBlock(text)).toEqual(block);
  });
});
