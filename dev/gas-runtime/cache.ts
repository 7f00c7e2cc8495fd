/** CacheService with expiry on the runtime clock and Apps Script's limits. */
import { GasError } from './errors';

const KEY_LIMIT = 250;
const VALUE_LIMIT = 100 * 1024;
const MAX_TTL = 21600;
const DEFAULT_TTL = 600;
/**
 * "The cap for cached items is 1,000. If more than 1,000 items are written, the cache stores the
 * 900 items farthest from expiration." (Cache reference, put and putAll; K2.)
 */
const ITEM_CAP = 1000;
const KEPT_PAST_CAP = 900;

/**
 * Which items go past the cap. `created`: the oldest written first, about 100 at a time, as
 * others measured Google's cache doing (K3; the runtime's default); `expiry`: the docs' words,
 * the nearest expiry first (K2). The add-on must hold under both.
 */
export type CacheEviction = 'created' | 'expiry';

export class CacheStore {
  /** In the order written: a key written again moves to the end (Map keeps insertion order). */
  data = new Map<string, { value: string; expires: number }>();
  constructor(
    private call: (name: string) => void,
    private now: () => number,
    private eviction: CacheEviction = 'created',
  ) {}

  private checkKey(key: string): void {
    if (typeof key !== 'string' || key.length > KEY_LIMIT)
      throw new GasError('Argument too large: key');
  }

  private set(key: string, value: string, ttl: number): void {
    this.checkKey(key);
    if (Buffer.byteLength(String(value)) > VALUE_LIMIT)
      throw new GasError('Argument too large: value');
    const seconds = Math.min(Math.max(1, ttl), MAX_TTL);
    this.data.delete(key);
    this.data.set(key, { value: String(value), expires: this.now() + seconds * 1000 });
  }

  private read(key: string): string | null {
    const entry = this.data.get(key);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.data.delete(key);
      return null;
    }
    return entry.value;
  }

  /**
   * Evicts each entry with probability `fraction` (`random` in [0, 1)): CacheService may drop an
   * entry before it expires (https://developers.google.com/apps-script/reference/cache/cache).
   */
  evict(fraction: number, random: () => number): number {
    let evicted = 0;
    for (const key of [...this.data.keys()]) {
      if (random() < fraction) {
        this.data.delete(key);
        evicted++;
      }
    }
    return evicted;
  }

  get(key: string): string | null {
    this.call('Cache.get');
    this.checkKey(key);
    return this.read(key);
  }
  getAll(keys: string[]): Record<string, string> {
    this.call('Cache.getAll');
    const out: Record<string, string> = {};
    for (const k of keys) {
      this.checkKey(k);
      const v = this.read(k);
      if (v !== null) out[k] = v;
    }
    return out;
  }
  put(key: string, value: string, ttl = DEFAULT_TTL): void {
    this.call('Cache.put');
    this.set(key, value, ttl);
    this.keepWithinCap();
  }
  putAll(values: Record<string, string>, ttl = DEFAULT_TTL): void {
    this.call('Cache.putAll');
    for (const [k, v] of Object.entries(values)) this.set(k, v, ttl);
    this.keepWithinCap();
  }

  /** Past 1,000 items, 900 stay: the newest written (K3) or the farthest from expiration (K2). */
  private keepWithinCap(): void {
    if (this.data.size <= ITEM_CAP) return;
    for (const [k, e] of this.data) if (e.expires <= this.now()) this.data.delete(k);
    if (this.data.size <= ITEM_CAP) return;
    const written = [...this.data];
    const kept =
      this.eviction === 'created'
        ? written.slice(-KEPT_PAST_CAP)
        : [...written].sort((a, b) => b[1].expires - a[1].expires).slice(0, KEPT_PAST_CAP);
    // What stays keeps the order it was written in.
    const stays = new Set(kept.map(([k]) => k));
    this.data = new Map(written.filter(([k]) => stays.has(k)));
  }

  /**
   * Other users of the add-on writing to the script cache, which every user shares: `count` items
   * of their own, living `ttlSeconds` (a test's way to show the cap and the sharing, K2).
   */
  fillAsOthers(count: number, ttlSeconds: number): void {
    for (let i = 0; i < count; i++)
      this.data.set(`other-user-item-${i}`, {
        value: 'x',
        expires: this.now() + Math.min(ttlSeconds, MAX_TTL) * 1000,
      });
    this.keepWithinCap();
  }
  remove(key: string): void {
    this.call('Cache.remove');
    this.data.delete(key);
  }
  removeAll(keys: string[]): void {
    this.call('Cache.removeAll');
    for (const k of keys) this.data.delete(k);
  }
}
