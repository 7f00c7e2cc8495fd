import { isErrorText, readStatus, renderStatus } from '../../src/domain/status';

describe('the status vocabulary', () => {
  it('reads back what it writes', () => {
    for (const s of [
      { kind: 'pending' as const },
      { kind: 'complete' as const },
      { kind: 'error' as const, error: 'bad URL' as const },
      { kind: 'error' as const, error: 'no answer' as const },
    ])
      expect(readStatus(renderStatus(s))).toEqual(s);
  });
  it('knows blanks, other errors and plain text apart', () => {
    expect(readStatus('')).toBeNull();
    expect(readStatus('error: not a website: write an address like example.com')).toEqual({
      kind: 'error',
      error: 'other',
    });
    expect(readStatus('not in index')).toBeNull();
    expect([isErrorText('error: quota'), isErrorText('complete'), isErrorText(7)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
