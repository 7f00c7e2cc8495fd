import { needsAutoRetry, readRescan, rescanCell } from '../../src/domain/scanWatch';

describe('scan watch', () => {
  it('reads back the rescan cell it writes, and retries a fresh failure once', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    expect(readRescan(rescanCell(at, false))).toEqual({ at, retried: false });
    expect(readRescan(rescanCell(at, true))).toEqual({ at, retried: true });
    expect(readRescan('')).toBeNull();
    const failedLater = {
      state: 'failed' as const,
      scanDate: '2026-11-22T10:05:00Z',
    };
    const failedBefore = { ...failedLater, scanDate: '2026-11-22T09:00:00Z' };
    expect(needsAutoRetry(failedLater, { at, retried: false })).toBe(true);
    expect(needsAutoRetry(failedLater, { at, retried: true })).toBe(false);
    expect(needsAutoRetry(failedBefore, { at, retried: false })).toBe(false);
    expect(needsAutoRetry(failedLater, null)).toBe(false);
  });
});
