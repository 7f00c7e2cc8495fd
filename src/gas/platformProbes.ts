/**
 * The self-check's probes of the services themselves (properties and cache near their sizes,
 * the locks, the triggers, today's quotas), each returning what it saw or throwing Google's words.
 */
import { expectRefusal } from '../domain/selfCheck';
import { usage } from './quota';

const KEY = 'visibility.selfCheck';
/** Near the limits (9 KB a property value, 100 KB a cache value), not past them. */
const PROPERTY_BYTES = 9000;
const CACHE_BYTES = 100 * 1000;

export function propertiesRoundTrip(): string {
  const props = PropertiesService.getUserProperties();
  const value = 'x'.repeat(PROPERTY_BYTES);
  props.setProperty(KEY, value);
  const back = props.getProperty(KEY);
  props.deleteProperty(KEY);
  if (back !== value) throw new Error(`a ${PROPERTY_BYTES}-byte value did not come back whole`);
  const refused = expectRefusal(
    () => props.setProperty(KEY, 'x'.repeat(9 * 1024 + 1)),
    'A value over 9 KB',
  );
  props.deleteProperty(KEY);
  return `${PROPERTY_BYTES} bytes kept; ${refused}`;
}

export function cacheRoundTrip(): string {
  const cache = CacheService.getUserCache();
  if (!cache) throw new Error('no user cache');
  const value = 'x'.repeat(CACHE_BYTES);
  cache.put(KEY, value, 60);
  const back = cache.get(KEY);
  cache.remove(KEY);
  if (back !== value)
    throw new Error(`a ${CACHE_BYTES}-byte value did not come back (it may be evicted: run again)`);
  return `${CACHE_BYTES} bytes kept for a minute`;
}

export function locks(): string {
  const held: string[] = [];
  for (const [name, lock] of [
    ['document', LockService.getDocumentLock()],
    ['user', LockService.getUserLock()],
  ] as const) {
    if (!lock || !lock.tryLock(2000))
      throw new Error(`the ${name} lock is held by another run: try again in a minute`);
    lock.releaseLock();
    held.push(name);
  }
  return `${held.join(' and ')} locks taken and released`;
}

export function triggers(): string {
  const mine = ScriptApp.getProjectTriggers().map((t) => t.getHandlerFunction());
  return mine.length
    ? `${mine.length} held: ${mine.join(', ')}`
    : 'none held (nothing is waiting in the background)';
}

export function quotasLeft(): string {
  const u = usage();
  const mail = MailApp.getRemainingDailyQuota();
  const text = `${u.left} of ${u.quota} requests and ${mail} e-mails left today (${u.tier})`;
  if (u.left <= 0) throw new Error(`${text}: scores wait until tomorrow`);
  return text;
}
