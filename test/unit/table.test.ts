import { PREVIEW_HEADERS } from '../../src/domain/previewColumns';
import { contiguousRuns, findColumns, planMissingColumns } from '../../src/domain/table';

describe('table model', () => {
  it('finds columns by header text whatever their order, and plans the missing at the right', () => {
    const found = findColumns(
      ['Website', ' preview uuid ', 'Notes', 'Preview status'],
      PREVIEW_HEADERS,
    );
    expect([found.uuid, found.status, found.reportUrl]).toEqual([2, 4, 0]);
    const { columns, added } = planMissingColumns(found, PREVIEW_HEADERS, 4);
    expect(added.map((a) => a.column)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(columns.reportUrl).toBe(5);
    expect(contiguousRuns(Object.values(columns))).toEqual([
      { start: 2, width: 1 },
      { start: 4, width: 9 },
    ]);
  });
});
