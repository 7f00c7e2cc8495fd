import {
  bucketKey,
  PACK_BUCKETS,
  packedCache,
  tieredCache,
  utf8Bytes,
} from '../../src/domain/packedCache';
import { FakeCache } from './fakes';

const reading = (i: number) => JSON.stringify({ v: { slug: `site-${i}`, overallScore: i % 101 } });

function world() {
  let now = 1_000_000;
  const inner = new FakeCache();
  const ttls: number[] = [];
  const putAll = inner.putAll.bind(inner);
  inner.putAll = (values: Record<string, string>, ttl?: number) => {
    ttls.push(ttl ?? 0);
    putAll(values);
  };
  return {
    inner,
    ttls,
    cache: packedCache(inner, () => now),
    advance: (ms: number) => (now += ms),
  };
}

describe('packedCache', () => {
  it('holds 10,000 readings in at most its buckets, every one readable', () => {
    const { inner, cache } = world();
    const values = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`score:site-${i}.com`, reading(i)]),
    );
    cache.putAll(values, 21600);
    expect(inner.data.size).toBeLessThanOrEqual(PACK_BUCKETS);
    expect(inner.data.size).toBeGreaterThan(PACK_BUCKETS / 2);
    const back = cache.getAll(Object.keys(values));
    expect(Object.keys(back)).toHaveLength(10_000);
    expect(back['score:site-42.com']).toBe(reading(42));
    for (const item of inner.data.values()) expect(utf8Bytes(item)).toBeLessThan(100 * 1024);
  });

  it('keeps each entry’s own expiry inside a bucket', () => {
    const { cache, ttls, advance } = world();
    cache.put('breaker:score', 'open', 60);
    cache.put('score:a.com', 'A', 21600);
    advance(61_000);
    expect(cache.get('breaker:score')).toBeNull();
    expect(cache.get('score:a.com')).toBe('A');
    // The item lives as long as its longest entry, never past the cache's 6 hours.
    expect(Math.max(...ttls)).toBe(21600);
  });

  it('merges writes into what a bucket already holds', () => {
    const { cache } = world();
    cache.putAll({ 'k:1': 'one' }, 600);
    cache.putAll({ 'k:2': 'two' }, 600);
    expect(cache.getAll(['k:1', 'k:2', 'k:3'])).toEqual({ 'k:1': 'one', 'k:2': 'two' });
  });

  it('drops the entries nearest expiry when a bucket passes its bytes, as the cache does', () => {
    const { inner, cache } = world();
    const big = 'x'.repeat(2000);
    // Every key in one bucket: find 60 keys that hash alike.
    const target = bucketKey('seed');
    const keys: string[] = [];
    for (let i = 0; keys.length < 60; i++) if (bucketKey(`k${i}`) === target) keys.push(`k${i}`);
    keys.forEach((k, i) => cache.put(k, big, 600 + i));
    expect(utf8Bytes(inner.data.get(target)!)).toBeLessThanOrEqual(90 * 1024);
    const left = cache.getAll(keys);
    expect(left[keys[59]!]).toBe(big);
    expect(left[keys[0]!]).toBeUndefined();
  });

  it('reads a damaged item as empty', () => {
    const { inner, cache } = world();
    inner.data.set(bucketKey('k'), '{not json');
    expect(cache.get('k')).toBeNull();
    inner.data.set(bucketKey('k'), JSON.stringify({ k: 'no expiry' }));
    expect(cache.get('k')).toBeNull();
    cache.put('k', 'v', 60);
    expect(cache.get('k')).toBe('v');
  });

  it('counts UTF-8 bytes as CacheService does', () => {
    expect(utf8Bytes('abc')).toBe(3);
    expect(utf8Bytes('é')).toBe(2);
    expect(utf8Bytes('€')).toBe(3);
    expect(utf8Bytes('😀')).toBe(4);
  });
});

describe('tieredCache', () => {
  it('reads the first cache, then the second for what it lacks, and writes both', () => {
    const first = new FakeCache();
    const second = new FakeCache();
    const cache = tieredCache(first, second);
    second.data.set('b', 'from second');
    first.data.set('a', 'from first');
    second.data.set('a', 'stale');
    expect(cache.getAll(['a', 'b', 'c'])).toEqual({ a: 'from first', b: 'from second' });
    cache.putAll({ c: 'C' }, 60);
    expect(first.data.get('c')).toBe('C');
    expect(second.data.get('c')).toBe('C');
    cache.put('d', 'D', 60);
    expect(cache.get('d')).toBe('D');
    expect(second.data.get('d')).toBe('D');
  });
});
