import type { Attack } from './hostile';

/** Fault injection, decided before a request is handled so a fault never has side effects. */
export interface FaultConfig {
  latencyMs: number;
  /** When set, latency is drawn uniformly from [latencyMs, latencyMaxMs]. */
  latencyMaxMs: number | null;
  rate429: number;
  retryAfterSeconds: number;
  rate5xx: number;
  rateMalformed: number;
  rateDrop: number;
  /** Requests in flight beyond this are answered 429. */
  maxConcurrent: number | null;
  seed: number;
  /** Answers carry formula-like text and javascript:/data: links (see hostile.ts). */
  hostile: boolean;
  /** One of the security review's attacks on every answer (hostile.ts ATTACKS), or none. */
  attack: Attack | null;
  /** Every account turns read-only once this many previews exist (a plan lapsing mid-run). */
  readOnlyAfterPreviews: number | null;
}

export type Fault = 'drop' | '429' | '5xx' | 'malformed' | null;

const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  latencyMaxMs: null,
  rate429: 0,
  retryAfterSeconds: 1,
  rate5xx: 0,
  rateMalformed: 0,
  rateDrop: 0,
  maxConcurrent: null,
  seed: 1,
  hostile: false,
  attack: null,
  readOnlyAfterPreviews: null,
};

export class Faults {
  config: FaultConfig = { ...NO_FAULTS };
  private state = 1;

  set(change: Partial<FaultConfig>): void {
    this.config = { ...NO_FAULTS, ...change };
    this.state = this.config.seed >>> 0 || 1;
  }

  /** mulberry32: reproducible runs for a given seed. */
  private random(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  latency(): number {
    const { latencyMs, latencyMaxMs } = this.config;
    return latencyMaxMs === null
      ? latencyMs
      : latencyMs + this.random() * (latencyMaxMs - latencyMs);
  }

  decide(): Fault {
    const r = this.random();
    const c = this.config;
    if (r < c.rateDrop) return 'drop';
    if (r < c.rateDrop + c.rate429) return '429';
    if (r < c.rateDrop + c.rate429 + c.rate5xx) return '5xx';
    if (r < c.rateDrop + c.rate429 + c.rate5xx + c.rateMalformed) return 'malformed';
    return null;
  }
}
