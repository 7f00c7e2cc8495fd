/** FNV-1a, 32-bit, as a number: for spreading keys over buckets. */
export function fnv1aNumber(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** FNV-1a, 32-bit, as 8 hex digits: short stable names for cache keys; not for secrets. */
export const fnv1a = (text: string): string => fnv1aNumber(text).toString(16).padStart(8, '0');
