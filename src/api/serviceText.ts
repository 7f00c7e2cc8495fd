/**
 * The gate for what the service sends: every text, score, address and id of an answer passes
 * through here (by way of schemas.ts) once, where it enters, so whatever reaches a cell, a log,
 * an e-mail, a deck or a webhook is already safe. Escaping for each destination is theirs.
 */
/* eslint-disable no-control-regex -- control characters are what these rules look for */

/**
 * C0 and C1 controls, bidi overrides and isolates, zero-width characters and the byte-order mark:
 * invisible in a cell, and able to make text show other than what it says.
 */
const CONTROLS =
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]+/g;

/**
 * What an echoed API key looks like (the spec does not show the format): a key-like prefix and
 * a token, or a long unbroken run of letters and digits with both in it. UUIDs, which the
 * service's messages do quote, break into short groups and are left alone.
 */
const KEY_SHAPED =
  /\b(?:(?:sk|pk|vk|key|api|token|secret)[-_][A-Za-z0-9_-]{8,}|(?=[A-Za-z0-9_]*\d)(?=[A-Za-z0-9_]*[A-Za-z])[A-Za-z0-9_]{24,})\b/gi;

export const REDACTED = '[redacted]';

/** Anything key-shaped in a text replaced, so a key the service echoes never reaches a person. */
const redactKeys = (text: string): string => text.replace(KEY_SHAPED, REDACTED);

/** Service text as shown to users: one line, no control characters, nothing key-shaped, bounded. */
export function oneLine(text: string, max = 160): string {
  const flat = redactKeys(text.replace(CONTROLS, ' ')).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A preview's id in the service's UUID form: nothing else is ever sent back to it or kept. */
const UUID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_FORM.test(value);

/** The longest address kept: Google refuses longer URLs in a fetch, and so do browsers' links. */
const MAX_ADDRESS = 2000;

/**
 * An address the add-on may write as a link or send people to: https on any host (teams have
 * custom domains), or http on loopback (the local emulator), with nothing a cell, a Slack message
 * or an HTML attribute could read as something else.
 */
export function isWebAddress(url: string): boolean {
  if (url.length > MAX_ADDRESS || /[\s"'<>\\^`{|}]/.test(url)) return false;
  return (
    /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?(\/|$)/i.test(
      url,
    ) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?(\/|$)/i.test(url)
  );
}

/** Scores are 0-100 (the spec's scale): anything else is an impossible answer, not a reading. */
export const SCORE_RANGE = { min: 0, max: 100 } as const;
