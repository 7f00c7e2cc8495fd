/**
 * The platform kit: the few capabilities a workflow needs from Google, each one port. A workflow
 * takes a `Kit` and reads like its decisions (read, decide in src/domain, ask, decide, write);
 * src/gas/kit.ts gives the kit over Apps Script, dev/memoryKit.ts in memory, and one contract
 * suite (test/kit/contract.ts) holds both, and the Apps Script one on dev/gas-runtime, to the
 * same rules. What Google limits (a property's 9 KB, the cache's 100 KB and 6 hours) is enforced
 * here, once, not by each implementation.
 */
import type { BatchOptions } from '../api/batch';
import type { ClientConfig } from '../api/client';
import type { Result } from '../api/errors';
import type { HttpRequest, HttpResponse } from '../api/http';
import type * as z from 'zod/mini';

/** A kind of record a workflow keeps: its name, its shape, and what it reads as when none is kept. */
export interface RecordKind<T> {
  readonly name: string;
  readonly schema: z.ZodMiniType<T>;
  /** What `get` answers when nothing is kept, or what is kept no longer parses (a hand edit). */
  readonly none: T;
}

export const recordKind = <T>(name: string, schema: z.ZodMiniType<T>, none: T): RecordKind<T> => ({
  name,
  schema,
  none,
});

/** Typed records in one durable store: the person's own properties, or the file's metadata. */
export interface RecordStore {
  get<T>(kind: RecordKind<T>, id?: string): T;
  /** Throws `RecordTooLarge` (nothing written) past the store's size for one value. */
  put<T>(kind: RecordKind<T>, value: T, id?: string): void;
  drop(kind: RecordKind<unknown>, id?: string): void;
}

/** Records the cache may keep for a while, or lose at any time: never the only copy of anything. */
export interface CachedRecords {
  /** null: not kept (never written, expired, evicted, or no longer of the kind's shape). */
  get<T>(kind: RecordKind<T>, id: string): T | null;
  /** False where the cache cannot hold it (too large); seconds are capped at the cache's 6 hours. */
  put<T>(kind: RecordKind<T>, value: T, id: string, seconds: number): boolean;
}

export interface Records {
  /** The person's own properties: what decides what their key spends lives here. */
  mine: RecordStore;
  /** This person's cache: answers fetched with their key are never served to another. */
  cached: CachedRecords;
}

/** The service, spoken to with the person's own settings. */
export interface ServicePort {
  /** The person's service address and key (the key goes into request headers, never elsewhere). */
  config(): ClientConfig;
  /**
   * Sends every request (batched, paced and retried by api/batch.ts) and parses each answer;
   * undefined where `budgetMs` ran out before it could be sent. Every request counts in the
   * person's fetch meter, as the sidebar's do.
   */
  ask<T>(
    requests: HttpRequest[],
    parse: (response: HttpResponse, nowMs: number) => Result<T>,
    budgetMs: number,
    /** A POST's narrower rules: what may be sent again, and a slow loss never resent. */
    options?: AskOptions,
  ): Array<Result<T> | undefined>;
}

export type AskOptions = Partial<Pick<BatchOptions, 'retryable' | 'maxLostTries' | 'slowLossMs'>>;

/** The clock and the person running. */
export interface Account {
  now(): number;
  /** The person's address where Google gives it (empty where it does not, as in a custom function). */
  email(): string;
}

/** A lock held, to be let go of once: no closure is handed down to run under it. */
export interface Held {
  release(): void;
}

export interface Locks {
  /** The person's own lock (one of their executions at a time), or null when another holds it past `waitMs`. */
  mine(waitMs: number): Held | null;
}

/** Lines for the execution's log (Apps Script's Executions page): never a key, never cell text. */
export interface Log {
  line(text: string): void;
}

export interface Kit {
  records: Records;
  service: ServicePort;
  account: Account;
  locks: Locks;
  log: Log;
}

/** Google's sizes for one value (docs/platform-limits.md P1, K1). */
export const RECORD_LIMITS = {
  propertyValueBytes: 9 * 1024,
  cacheValueBytes: 100 * 1024,
  cacheKeyLength: 250,
  cacheSeconds: 21_600,
} as const;

export class RecordTooLarge extends Error {
  constructor(kind: string, bytes: number, limit: number) {
    super(`The ${kind} record is ${bytes} bytes, past the ${limit} bytes one value may hold.`);
    this.name = 'RecordTooLarge';
  }
}
