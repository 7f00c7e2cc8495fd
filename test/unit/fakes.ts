// Small in-memory fakes of the injected interfaces: transport, cache, clock.
import type { Clock } from '../../src/api/batch';
import type { HttpRequest, HttpResponse, Transport } from '../../src/api/http';
import type { KeyValueCache } from '../../src/domain/cache';
import type { RowState } from '../../src/domain/previewJobs';

export class FakeClock implements Clock {
  t = 1_000_000;
  slept: number[] = [];
  now(): number {
    return this.t;
  }
  sleep(ms: number): void {
    this.slept.push(ms);
    this.t += ms;
  }
}

/** Answers each request with `answer(request, attempt)`; records every batch. */
export class FakeTransport implements Transport {
  batches: HttpRequest[][] = [];
  private attempts = new Map<string, number>();
  constructor(
    private answer: (request: HttpRequest, attempt: number) => HttpResponse,
    private clock?: FakeClock,
    private latencyMs = 0,
  ) {}
  fetchAll(requests: HttpRequest[]): HttpResponse[] {
    this.batches.push(requests);
    if (this.clock) this.clock.t += this.latencyMs;
    return requests.map((r) => {
      const n = (this.attempts.get(r.url) ?? 0) + 1;
      this.attempts.set(r.url, n);
      return this.answer(r, n);
    });
  }
  get sent(): number {
    return this.batches.reduce((n, b) => n + b.length, 0);
  }
}

export class FakeCache implements KeyValueCache {
  data = new Map<string, string>();
  calls = 0;
  getAll(keys: string[]): Record<string, string> {
    this.calls++;
    const out: Record<string, string> = {};
    for (const k of keys) if (this.data.has(k)) out[k] = this.data.get(k)!;
    return out;
  }
  putAll(values: Record<string, string>): void {
    this.calls++;
    for (const [k, v] of Object.entries(values)) this.data.set(k, v);
  }
  get(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  put(key: string, value: string): void {
    this.data.set(key, value);
  }
}

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export function brand(slug: string, score: number) {
  return {
    brandName: slug.toUpperCase(),
    slug,
    overallScore: score,
    platformScores: { chatgpt: score, gemini: { queried: false, score: null } },
  };
}

/** A selected row as Generate reads it: blank preview columns unless given. */
export const rowState = (n: number, website: unknown, extra: Partial<RowState> = {}): RowState => ({
  row: n,
  website,
  uuid: '',
  status: '',
  reportUrl: '',
  requested: '',
  requestedBy: '',
  ...extra,
});
