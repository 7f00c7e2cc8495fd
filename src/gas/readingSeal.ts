/**
 * Seals of `Score history` readings (domain/readingSeal.ts) under a key in the person's own user
 * properties, made on first use: an HMAC-SHA256 by Apps Script's Utilities, which no editor can
 * compute without the key.
 */
import { readingText, SEAL_CHARS, sealsIn } from '../domain/readingSeal';
import type { HistoryReading } from '../domain/scoreList';
import { setUserProperties, userProperty } from './userStore';

const KEY = 'vis.seal.key';

/** This person's seal key, made on first use. */
export function sealKey(): string {
  const kept = userProperty(KEY);
  if (kept) return kept;
  const made = Utilities.getUuid() + Utilities.getUuid();
  setUserProperties({ [KEY]: made });
  return made;
}

/** The seal of one reading, under this person's key (made now if they have none yet). */
export function sealOf(reading: HistoryReading, key = sealKey()): string {
  return Utilities.base64EncodeWebSafe(
    Utilities.computeHmacSha256Signature(readingText(reading), key),
  ).slice(0, SEAL_CHARS);
}

/** Whether this person's runs recorded the reading as it reads now; false when they have no key. */
export function sealedByMe(reading: HistoryReading): boolean {
  const key = userProperty(KEY);
  return !!key && sealsIn(reading.seal).includes(sealOf(reading, key));
}
