// Every service error reads "what happened: what to do next", and a caller that has its own next
// step (the preview rows' "press Generate again") uses it only where sending again can help.
import { readGenerateRequest } from '../../src/domain/generateInput';
import { serviceError, withRetryStep, type ErrorCode } from '../../src/api/errors';

// A record, so the type checker fails this file when a code is added without being listed.
const EVERY_CODE: Record<ErrorCode, true> = {
  NOT_FOUND: true,
  READ_ONLY: true,
  PLAN_UPGRADE_REQUIRED: true,
  PARTNER_SCREENNAME_REQUIRED: true,
  AMBIGUOUS_NAME: true,
  KEY_MISSING: true,
  KEY_REFUSED: true,
  INVALID_URL: true,
  BAD_REQUEST: true,
  SCAN_PAUSED: true,
  RATE_LIMITED: true,
  SERVER_ERROR: true,
  MALFORMED_RESPONSE: true,
  NETWORK: true,
  UNAVAILABLE: true,
  QUOTA: true,
  QUOTA_SPENT: true,
  PERMISSION: true,
  TIMEOUT: true,
  TIMED_OUT: true,
  REDIRECTED: true,
  TOO_FAST: true,
};
const CODES = Object.keys(EVERY_CODE) as ErrorCode[];

it.each(CODES)('%s says what happened, then what to do', (code) => {
  const e = serviceError(code);
  expect(e.message.startsWith(`${e.what}: `)).toBe(true);
  expect(e.message.length).toBeGreaterThan(e.what.length + 8);
  expect(e.message.length).toBeLessThanOrEqual(120);
});

it('keeps a detail beside what happened, before the advice', () => {
  expect(serviceError('SERVER_ERROR', { detail: 'HTTP 503' }).message).toBe(
    'the service had an error (HTTP 503): try again in a few minutes',
  );
});

it('names the caller’s next step only where sending again helps', () => {
  const step = 'press Generate again to retry';
  expect(withRetryStep(serviceError('RATE_LIMITED'), step)).toBe(
    'the service is busy: press Generate again to retry',
  );
  expect(withRetryStep(serviceError('UNAVAILABLE'), step)).toMatch(/: press Generate again/);
  expect(withRetryStep(serviceError('READ_ONLY'), step)).toBe(
    'your account is read-only, so nothing can be created or triggered: ask your admin to restore write access',
  );
  expect(withRetryStep(serviceError('PLAN_UPGRADE_REQUIRED'), step)).not.toContain('Generate');
});

describe('what the Previews tab sends to Generate', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    [
      { sheetName: 'Prospects', a1: 'A2:A9' },
      { sheetName: 'Prospects', a1: 'A2:A9' },
    ],
    [
      { sheetName: 'Prospects', a1: '', only: 'stranded', maker: '' },
      { sheetName: 'Prospects', a1: '', only: 'stranded', maker: '' },
    ],
  ])('%j is read as %j', (input, request) => {
    expect(readGenerateRequest(input)).toEqual(request);
  });
  it.each([
    [{ sheetName: 'Prospects' }],
    [{ sheetName: 'Prospects', a1: {} }],
    [{ sheetName: 5, a1: 'A2' }],
    [{ sheetName: 'Prospects', a1: 'A2', only: 'everything' }],
    [{ sheetName: 'Prospects', a1: 'A2', run: { toString: 'x' } }],
    ['A2:A9'],
    [{ sheetName: 'x'.repeat(201), a1: 'A2' }],
  ])('%j is refused in a sentence', (input) => {
    expect(readGenerateRequest(input)).toMatch(/^Nothing was sent: the request was not understood/);
  });
});
