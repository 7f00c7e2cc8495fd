import { sendAll } from '../../src/api/batch';
import { parsers, requests } from '../../src/api/client';
import { FakeClock, FakeTransport, json } from './fakes';

const cfg = { baseUrl: 'https://svc.example' };
const lookups = (n: number) =>
  Array.from({ length: n }, (_, i) => requests.score(cfg, { by: 'slug', value: `b${i}` }));

describe('sendAll', () => {
  it('sends hundreds per round trip', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(404, { error: 'Brand not found', code: 'NOT_FOUND' }));
    const out = sendAll(t, lookups(1200), parsers.score, { clock, deadline: clock.now() + 20000 });
    expect(out.roundTrips).toBe(2);
    expect(t.batches.map((b) => b.length)).toEqual([1000, 200]);
    expect(out.results.every((r) => r && !r.ok && r.error.code === 'NOT_FOUND')).toBe(true);
  });

  it('retries 429 after Retry-After, halving the batch, and 5xx with backoff', () => {
    const clock = new FakeClock();
    const t = new FakeTransport((r, attempt) =>
      attempt === 1 && r.url.endsWith('0')
        ? json(429, { error: 'slow' }, { 'retry-after': '2' })
        : attempt === 1 && r.url.endsWith('1')
          ? json(503, {})
          : json(404, { error: 'x', code: 'NOT_FOUND' }),
    );
    const out = sendAll(t, lookups(100), parsers.score, {
      clock,
      deadline: clock.now() + 20000,
      maxBatch: 100,
    });
    expect(t.batches.map((b) => b.length)).toEqual([100, 20]);
    expect(clock.slept).toEqual([2000]);
    expect(out.results.every((r) => r && !r.ok && r.error.code === 'NOT_FOUND')).toBe(true);
  });

  it('stops at the deadline, leaving unsent requests undefined and the last error on retried ones', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(429, {}, { 'retry-after': '30' }), clock, 100);
    const out = sendAll(t, lookups(10), parsers.score, {
      clock,
      deadline: clock.now() + 10000,
      maxBatch: 5,
    });
    expect(t.batches).toHaveLength(1);
    expect(
      out.results.slice(0, 5).every((r) => r && !r.ok && r.error.code === 'RATE_LIMITED'),
    ).toBe(true);
    expect(out.results.slice(5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('never re-sends what the rule does not allow (a POST that may have been acted on)', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => ({ status: 0, headers: {}, body: '' }));
    const posts = [requests.previewCreate({ ...cfg, apiKey: 'k' }, 'https://a.com/')];
    const out = sendAll(t, posts, parsers.previewCreate, {
      clock,
      deadline: clock.now() + 20000,
      retryable: (e) => e.code === 'RATE_LIMITED',
    });
    expect(t.sent).toBe(1);
    expect(out.results[0]!.ok).toBe(false);
  });

  it('gives up after the attempt limit', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(500, {}));
    sendAll(t, lookups(1), parsers.score, { clock, deadline: clock.now() + 1e9, maxAttempts: 3 });
    expect(t.sent).toBe(3);
  });
});
