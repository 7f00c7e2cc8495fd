import { GasError } from './errors';
/**
 * Google's smaller services as one execution sees them (PropertiesService, CacheService,
 * LockService, Utilities, Session, Logger): each a function of what it reads of the runtime, so
 * runtime.ts keeps to executions, triggers and formulas. SpreadsheetApp is spreadsheet.ts's and
 * runtime.ts's; UrlFetchApp is urlfetch.ts; MailApp mail.ts; SlidesApp slides.ts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { CacheStore } from './cache';
import { lockId, makeLock, type LockScope, type LockState } from './lock';
import { formatDate } from './mail';
import type { PropertyStore } from './properties';

/** What a service reads of the running execution. */
export interface ExecutionView {
  user: string;
  mode: string;
  book: { book: { id: string }; props: PropertyStore; cache: CacheStore } | null;
}

/** Counts a call, and refuses it where the execution's mode may not make it. */
type Allowed = (name: string) => void;

export function propertiesService(
  e: ExecutionView,
  allowed: Allowed,
  stores: { user(user: string): PropertyStore; script: PropertyStore; owner: string },
) {
  return {
    // In a custom function, user properties are the spreadsheet owner's, and read-only.
    getUserProperties: () => (
      allowed('PropertiesService.getUserProperties'),
      stores.user(e.mode === 'custom-function' ? stores.owner : e.user)
    ),
    getDocumentProperties: () => (
      allowed('PropertiesService.getDocumentProperties'),
      e.book?.props ?? null
    ),
    getScriptProperties: () => (allowed('PropertiesService.getScriptProperties'), stores.script),
  };
}

export function cacheService(
  e: ExecutionView,
  allowed: Allowed,
  caches: { user(user: string): CacheStore; script: CacheStore },
) {
  return {
    getScriptCache: () => (allowed('CacheService.getScriptCache'), caches.script),
    getDocumentCache: () => (allowed('CacheService.getDocumentCache'), e.book?.cache ?? null),
    getUserCache: () => (allowed('CacheService.getUserCache'), caches.user(e.user)),
  };
}

export function lockService(
  e: ExecutionView,
  call: (name: string) => void,
  allowed: Allowed,
  locks: { state: LockState; wait(ms: number): void; released(): void },
) {
  const lock = (scope: LockScope, whose = '') =>
    makeLock(lockId(scope, whose), locks.state, e, call, locks.wait, locks.released);
  return {
    getDocumentLock: () => (
      allowed('LockService.getDocumentLock'),
      e.book ? lock('document', e.book.book.id) : null
    ),
    getScriptLock: () => (allowed('LockService.getScriptLock'), lock('script')),
    getUserLock: () => (allowed('LockService.getUserLock'), lock('user', e.user)),
  };
}

/** The longest `Utilities.sleep` Apps Script allows. */
const MAX_SLEEP_MS = 300_000;

export function utilities(call: (name: string) => void, sleep: (ms: number) => void) {
  return {
    sleep: (ms: number) => {
      // "The maximum allowed value is 300000 (or 5 minutes)" (Utilities.sleep; E8).
      if (!(Number(ms) <= MAX_SLEEP_MS)) throw new GasError('Invalid argument: milliseconds');
      sleep(ms);
      call('Utilities.sleep');
    },
    getUuid: () => randomUUID(),
    formatDate: (d: Date, tz: string, fmt: string) => formatDate(d, tz, fmt),
    // Byte[] as Apps Script gives it: Java's signed bytes, -128 to 127.
    computeHmacSha256Signature: (value: string, key: string) =>
      [...createHmac('sha256', key).update(value, 'utf8').digest()].map((b) =>
        b > 127 ? b - 256 : b,
      ),
    // Base64 with - and _ for + and /, padding kept, as Google's is.
    base64EncodeWebSafe: (data: number[] | string) =>
      (typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.map((b) => b & 255)))
        .toString('base64')
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
  };
}

/**
 * `email`: the person's address as Session gives it (empty without the userinfo.email scope, and
 * never to a custom function: https://developers.google.com/apps-script/reference/base/user#getEmail()).
 */
export function session(e: ExecutionView, email: () => string) {
  return {
    getActiveUser: () => ({ getEmail: email }),
    getEffectiveUser: () => ({ getEmail: email }),
    getScriptTimeZone: () => 'Etc/UTC',
    getTemporaryActiveUserKey: () => `key-${e.user}`,
  };
}

/** console and Logger, into the runtime's log. */
export function logging(logs: string[]) {
  const say =
    (level: string) =>
    (...args: unknown[]) => {
      logs.push(
        `[${level}] ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`,
      );
    };
  return {
    console: { log: say('log'), info: say('info'), warn: say('warn'), error: say('error') },
    Logger: { log: say('log') },
  };
}
