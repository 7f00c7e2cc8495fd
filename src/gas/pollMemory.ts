/**
 * When each preview was last asked about, kept in the cache: losing it only means a preview is
 * asked about a little sooner. The document's cache where there is one, else the script's (the
 * background trigger has no document); uuids are unique, so they never collide.
 */
import { cacheKey } from '../domain/cache';
import { documentCache } from './cache';

const TTL_SECONDS = 600;
const key = (uuid: string) => cacheKey('asked', uuid);

export function lastAsked(uuids: string[]): Map<string, number> {
  const found = documentCache().getAll(uuids.map(key));
  const out = new Map<string, number>();
  for (const u of uuids) {
    const v = Number(found[key(u)]);
    if (Number.isFinite(v) && v > 0) out.set(u, v);
  }
  return out;
}

export function rememberAsked(uuids: string[], at: number): void {
  const values: Record<string, string> = {};
  for (const u of uuids) values[key(u)] = String(at);
  documentCache().putAll(values, TTL_SECONDS);
}
