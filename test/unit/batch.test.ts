import { sendAll, type Trip } from '../../src/api/batch';
import { parsers, requests } from '../../src/api/client';
import { FakeClock, FakeTransport, json } from './fakes';
import { failing } from '../failing';

const cfg = { baseUrl: 'https://svc.example' };
const lookups = (n: number) =>
  Array.from({ length: n }, (_, i) => requests.score(cfg, { by: 'slug', value: `b${i}` }));

/** A service whose round trip of `n` requests takes `took(n)` ms on `clock`, answering 404. */
function pacedService(clock: FakeClock, took: (n: number) => number) {
  const answers = new FakeTransport(() => json(404, { error: 'x', code: 'NOT_FOUND' }));
  const slow = {
    fetchAll: (batch: Parameters<FakeTransport['fetchAll']>[0]) => {
      clock.t += took(batch.length);
      return answers.fetchAll(batch);
    },
  };
  return { answers, slow };
}

describe('sendAll', () => {
  it('keeps a batch within its cap until enough requests went clean, then grows to the most', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(404, { error: 'Brand not found', code: 'NOT_FOUND' }));
    sendAll(t, lookups(3000), parsers.score, {
      clock,
      deadline: clock.now() + 600000,
      firstBatch: 8,
      provenCap: 48,
      provenAfter: 500,
    });
    const sizes = t.batches.map((b) => b.length);
    const sent = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
    // Before 500 clean requests, no batch is over 48: a drop there costs at most 48 rows.
    expect(Math.max(...sizes.filter((_, i) => sent[i]! < 500))).toBe(48);
    expect(sizes.slice(0, 4)).toEqual([8, 16, 32, 48]);
    expect(Math.max(...sizes)).toBe(1000);
  });

  it('counts the clean requests of the run it continues: a proven connection grows at once', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(404, { error: 'Brand not found', code: 'NOT_FOUND' }));
    const out = sendAll(t, lookups(200), parsers.score, {
      clock,
      deadline: clock.now() + 600000,
      firstBatch: 48,
      provenCap: 48,
      provenAfter: 500,
      cleanBefore: 480,
    });
    expect(t.batches.map((b) => b.length)).toEqual([48, 96, 56]);
    expect(out.cleanSent).toBe(680);
  });

  it('sends hundreds per round trip', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(404, { error: 'Brand not found', code: 'NOT_FOUND' }));
    const out = sendAll(t, lookups(1200), parsers.score, { clock, deadline: clock.now() + 20000 });
    expect(out.roundTrips).toBe(2);
    expect(t.batches.map((b) => b.length)).toEqual([1000, 200]);
    expect(failing(out.results, (r) => r && !r.ok && r.error.code === 'NOT_FOUND')).toEqual([]);
  });

  it('retries 429 after its Retry-After and 5xx after a backoff, sending fresh work meanwhile', () => {
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
    expect(t.batches.map((b) => b.length)).toEqual([100, 10, 10]);
    expect(clock.slept).toEqual([500, 1500]);
    expect(failing(out.results, (r) => r && !r.ok && r.error.code === 'NOT_FOUND')).toEqual([]);
  });

  it('halves the batch when the service pushes back on most of it, and grows it back', () => {
    const clock = new FakeClock();
    const t = new FakeTransport((r, attempt) =>
      attempt === 1 && !r.url.endsWith('9')
        ? json(429, {}, { 'retry-after': '1' })
        : json(404, { error: 'x', code: 'NOT_FOUND' }),
    );
    sendAll(t, lookups(400), parsers.score, {
      clock,
      deadline: clock.now() + 60000,
      maxBatch: 200,
    });
    const sizes = t.batches.map((b) => b.length);
    expect(sizes.slice(0, 3)).toEqual([200, 100, 50]);
    expect(Math.max(...sizes.slice(4))).toBeGreaterThan(50);
  });

  it('sends a batch that lost its connection again at once, in small batches, without counting an attempt', () => {
    const clock = new FakeClock();
    let calls = 0;
    const t: FakeTransport = new FakeTransport(() => json(404, { error: 'x', code: 'NOT_FOUND' }));
    const flaky = {
      fetchAll: (reqs: Parameters<FakeTransport['fetchAll']>[0]) =>
        ++calls <= 3 ? reqs.map(() => ({ status: 0, headers: {}, body: '' })) : t.fetchAll(reqs),
    };
    const out = sendAll(flaky, lookups(80), parsers.score, {
      clock,
      deadline: clock.now() + 20000,
      maxBatch: 80,
      maxAttempts: 1,
    });
    expect(clock.slept).toEqual([]);
    expect(failing(out.results, (r) => r && !r.ok && r.error.code === 'NOT_FOUND')).toEqual([]);
    expect(t.batches.map((b) => b.length)).toEqual(new Array(8).fill(10));
  });

  it('never sends again a POST batch the service took past slowLossMs to lose: it most likely made each', () => {
    const clock = new FakeClock();
    const creates = Array.from({ length: 3 }, (_, i) =>
      requests.previewCreate({ ...cfg, apiKey: 'k' }, `https://site-${i}.example`),
    );
    let sends = 0;
    // A service that answers after 61 s: Google has given up at 60 s, and every answer is lost.
    const slow = {
      fetchAll: (reqs: Parameters<FakeTransport['fetchAll']>[0]) => {
        sends += reqs.length;
        clock.t += 60_000;
        return reqs.map(() => ({ status: 0, headers: {}, body: '' }));
      },
    };
    const options = { clock, deadline: clock.now() + 300_000, maxLostTries: 3, minBatch: 1 };
    const out = sendAll(slow, creates, parsers.previewCreate, { ...options, slowLossMs: 50_000 });
    expect(sends).toBe(3);
    expect(out.results.map((r) => r && !r.ok && r.error.code)).toEqual(
      new Array(3).fill('TIMED_OUT'),
    );
    // The same loss, quick (a dropped connection), is sent again as before.
    sends = 0;
    const quick = {
      fetchAll: (reqs: Parameters<FakeTransport['fetchAll']>[0]) => {
        sends += reqs.length;
        clock.t += 1_000;
        return reqs.map(() => ({ status: 0, headers: {}, body: '' }));
      },
    };
    sendAll(quick, creates, parsers.previewCreate, {
      ...options,
      deadline: clock.now() + 300_000,
      slowLossMs: 50_000,
    });
    expect(sends).toBe(9);
  });

  it('grows a batch no further than the time left can answer at the pace the service has shown', () => {
    const clock = new FakeClock();
    const start = clock.now();
    // A slow service: a quarter of a second per request of a round trip.
    const { answers, slow } = pacedService(clock, (n) => n * 250);
    sendAll(slow, lookups(3000), parsers.score, {
      clock,
      deadline: start + 300_000,
      firstBatch: 500,
    });
    // 500 took 125 s; the 175 s left answer 700, not the 1,000 the batch would grow to.
    expect(answers.batches.map((b) => b.length)).toEqual([500, 700]);
    expect(clock.now() - start).toBeLessThanOrEqual(300_000);
  });

  it('a service slow by a fixed latency still gets full batches, once two sizes told it so', () => {
    const clock = new FakeClock();
    // A minute a round trip, whatever its size.
    const t = new FakeTransport(() => json(404, { error: 'x', code: 'NOT_FOUND' }), clock, 60_000);
    sendAll(t, lookups(3000), parsers.score, {
      clock,
      deadline: clock.now() + 300_000,
      firstBatch: 48,
    });
    // 48 and 96 both took a minute: the time is latency, so the last minute still doubles.
    expect(t.batches.map((b) => b.length)).toEqual([48, 96, 192, 384, 768]);
  });

  it('shrinks a batch to what the time left answers, and starts none where the smallest would not fit', () => {
    const clock = new FakeClock();
    const start = clock.now();
    // A very slow service: 2.9 s a request, so the first 100 take 290 s of the 300.
    const { answers, slow } = pacedService(clock, (n) => n * 2900);
    const out = sendAll(slow, lookups(3000), parsers.score, {
      clock,
      deadline: start + 300_000,
      firstBatch: 100,
    });
    // 10 s left answer 3 requests, fewer than the smallest batch (10): no second round trip,
    // which would have run 290 s past the deadline and outlasted the execution.
    expect(answers.batches.map((b) => b.length)).toEqual([100]);
    expect(out.trips).toEqual([[100, 290_000]]);
    expect(clock.now() - start).toBeLessThanOrEqual(300_000);
  });

  it.each([
    ['a slow pace', (n: number) => n * 2900, [100, 50, 103]],
    ['a fixed latency', () => 290_000, [100, 50, 1000]],
  ])('one round trip a call: %s is learnt from the trips kept between calls', (_, took, sizes) => {
    const clock = new FakeClock();
    const { answers, slow: service } = pacedService(clock, took);
    let past: Trip[] = [];
    const firsts: number[] = [];
    for (let call = 0; call < sizes.length; call++) {
      const before = answers.batches.length;
      const out = sendAll(service, lookups(3000), parsers.score, {
        clock,
        deadline: clock.now() + 300_000,
        ...(past.length ? { pastTrips: past } : { firstBatch: 100 }),
      });
      past = out.trips;
      firsts.push(answers.batches[before]!.length);
    }
    // Each call's first batch: the second differs from the first whatever the service, and the
    // time it took tells latency from pace.
    expect(firsts).toEqual(sizes);
  });

  it('stops at the deadline, leaving unsent requests undefined', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(404, { error: 'x', code: 'NOT_FOUND' }), clock, 11000);
    const out = sendAll(t, lookups(10), parsers.score, {
      clock,
      deadline: clock.now() + 10000,
      maxBatch: 5,
    });
    expect(t.batches).toHaveLength(1);
    expect(out.results.slice(5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('settles lost requests still waiting at the deadline, so their rows can say no answer', () => {
    const clock = new FakeClock();
    // Every round trip loses its connection and takes 6 s: the second starts, the third cannot.
    const t = new FakeTransport(() => ({ status: 0, headers: {}, body: '' }), clock, 6000);
    const settled: number[] = [];
    const out = sendAll(t, lookups(4), parsers.score, {
      clock,
      deadline: clock.now() + 10000,
      maxBatch: 4,
      sizeAfterLoss: 1,
      onRoundTrip: (indices) => void settled.push(...indices),
    });
    expect(t.batches.map((b) => b.length)).toEqual([4, 1]);
    expect(settled.sort()).toEqual([0, 1, 2, 3]);
    expect(failing(out.results, (r) => r?.ok === false && r.error.code === 'NETWORK')).toEqual([]);
  });

  it('tells each round trip which lost requests it will send again, so their rows can say so first', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => ({ status: 0, headers: {}, body: '' }), clock, 100);
    const trips: Array<{ settled: number[]; resending: readonly number[] }> = [];
    sendAll(t, lookups(3), parsers.score, {
      clock,
      deadline: clock.now() + 60_000,
      maxBatch: 3,
      sizeAfterLoss: 1,
      maxLostTries: 2,
      onRoundTrip: (settled, _, resending = []) => void trips.push({ settled, resending }),
    });
    // The first batch is lost whole: nothing settled, all three to be sent again.
    expect(trips[0]).toEqual({ settled: [], resending: [0, 1, 2] });
    // Each is then lost a second time, its last try: settled, none left to send again.
    expect(trips.slice(1).map((t) => t.resending)).toEqual([[], [], []]);
  });

  it('never re-sends an answered failure the rule does not allow, nor a lost one past maxLostTries', () => {
    const clock = new FakeClock();
    const posts = [requests.previewCreate({ ...cfg, apiKey: 'k' }, 'https://a.com/')];
    const refused = new FakeTransport(() => json(500, {}));
    sendAll(refused, posts, parsers.previewCreate, {
      clock,
      deadline: clock.now() + 20000,
      retryable: (e) => e.code === 'RATE_LIMITED',
    });
    expect(refused.sent).toBe(1);
    const dropped = new FakeTransport(() => ({ status: 0, headers: {}, body: '' }));
    const out = sendAll(dropped, posts, parsers.previewCreate, {
      clock,
      deadline: clock.now() + 20000,
      retryable: (e) => e.code === 'RATE_LIMITED',
      maxLostTries: 1,
    });
    expect(dropped.sent).toBe(1);
    expect(out.results[0]!.ok).toBe(false);
  });

  it('sends a lost POST batch again up to 3 times, then small for the rest of the call', () => {
    const clock = new FakeClock();
    let calls = 0;
    const t = new FakeTransport(() =>
      json(200, {
        uuid: '0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b',
        reportUrl: 'https://r.example/u',
        status: 'pending',
      }),
    );
    const flaky = {
      // The first two round trips drop their connection.
      fetchAll: (reqs: Parameters<FakeTransport['fetchAll']>[0]) =>
        ++calls <= 2 ? reqs.map(() => ({ status: 0, headers: {}, body: '' })) : t.fetchAll(reqs),
    };
    const posts = Array.from({ length: 60 }, (_, i) =>
      requests.previewCreate({ ...cfg, apiKey: 'k' }, `https://s${i}.com/`),
    );
    const seen: number[][] = [];
    const out = sendAll(flaky, posts, parsers.previewCreate, {
      clock,
      deadline: clock.now() + 20000,
      firstBatch: 20,
      growth: 4,
      sizeAfterLoss: 5,
      retryable: () => false,
      onRoundTrip: (indices) => void seen.push(indices),
    });
    expect(failing(out.results, (r) => r?.ok)).toEqual([]);
    expect(out.lostSends).toBe(25);
    expect(seen.map((s) => s.length)).toEqual([0, 0, ...new Array(12).fill(5)]);
  });

  it('gives a request whose batch is lost three times its no-answer result', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => ({ status: 0, headers: {}, body: '' }));
    const out = sendAll(t, lookups(4), parsers.score, { clock, deadline: clock.now() + 1e9 });
    expect(t.sent).toBe(12);
    expect(failing(out.results, (r) => r && !r.ok && r.error.code === 'NETWORK')).toEqual([]);
  });

  it('gives up after the attempt limit', () => {
    const clock = new FakeClock();
    const t = new FakeTransport(() => json(500, {}));
    sendAll(t, lookups(1), parsers.score, { clock, deadline: clock.now() + 1e9, maxAttempts: 3 });
    expect(t.sent).toBe(3);
  });
});

describe('sendAll when Google says the day’s URL fetches are used up', () => {
  it('sends nothing more, retries nothing, and gives every unsent request the quota error', () => {
    const clock = new FakeClock();
    let sentOk = 0;
    // The first round trip goes through; the quota is spent during the second.
    const t = new FakeTransport(() => {
      if (sentOk < 25) {
        sentOk++;
        return json(404, { error: 'x', code: 'NOT_FOUND' });
      }
      return { status: 0, headers: {}, body: '', notSent: 'quota' };
    });
    const settled: number[] = [];
    const out = sendAll(t, lookups(200), parsers.score, {
      clock,
      deadline: clock.now() + 60000,
      firstBatch: 25,
      onRoundTrip: (indices) => void settled.push(...indices),
    });
    expect(t.batches.map((b) => b.length)).toEqual([25, 50]);
    expect(out.lostSends).toBe(0);
    expect(clock.slept).toEqual([]);
    const codes = out.results.map((r) => (r && !r.ok ? r.error.code : 'ok'));
    expect(codes.slice(0, 25).every((c) => c === 'NOT_FOUND')).toBe(true);
    expect(codes.slice(25).every((c) => c === 'QUOTA_SPENT')).toBe(true);
    expect(new Set(settled).size).toBe(200);
  });
});

describe('sendAll when Google refuses the pace of the person’s calls (X5)', () => {
  const pacedOut = (refusals: number) => {
    let refused = 0;
    return new FakeTransport(() =>
      refused++ < refusals
        ? { status: 0, headers: {}, body: '', notSent: 'rate' as const }
        : json(404, { error: 'x', code: 'NOT_FOUND' }),
    );
  };

  it('waits the second Google asks for and sends the same batch again: nothing counted lost', () => {
    const clock = new FakeClock();
    const t = pacedOut(3);
    const out = sendAll(t, lookups(3), parsers.score, { clock, deadline: clock.now() + 30000 });
    expect(clock.slept).toEqual([1000]);
    expect(t.batches.map((b) => b.length)).toEqual([3, 3]);
    expect(out.lostSends).toBe(0);
    expect(out.roundTrips).toBe(1);
    expect(out.results.every((r) => r && !r.ok && r.error.code === 'NOT_FOUND')).toBe(true);
  });

  it('with no second left, every row says why in words and nothing waits past the deadline', () => {
    const clock = new FakeClock();
    const t = pacedOut(100);
    const out = sendAll(t, lookups(4), parsers.score, { clock, deadline: clock.now() + 2500 });
    expect(clock.slept).toEqual([1000, 1000]);
    const errors = out.results.map((r) => (r && !r.ok ? r.error : null));
    expect(errors.every((e) => e?.code === 'TOO_FAST')).toBe(true);
    expect(errors[0]!.message).toMatch(/one second.*=VIS_SCORE\(A2:A500\)/);
  });
});
