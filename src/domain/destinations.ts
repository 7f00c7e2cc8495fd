/**
 * Text leaves the add-on for several places, each with its own markup: what a cell, a CSV, a
 * Slack or Google Chat message, an e-mail subject or a slide would read as code or command is
 * escaped here, one function per destination (text from the service is already clean of control
 * characters and keys, src/api/serviceText.ts; these rules hold for text from cells too).
 */
/* eslint-disable no-control-regex -- control characters are what these rules look for */

/**
 * What Sheets (and a spreadsheet program opening a CSV) would run as a formula: OWASP's leading
 * `= + - @`, tab and carriage return, and the same behind what a person cannot see or that
 * programs skip (line feeds, spaces, zero-width characters, a byte-order mark) or in full width.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
const FORMULA_LIKE =
  /^[\s\u0000-\u001f\u200b-\u200f\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

export const looksLikeFormula = (text: string): boolean => FORMULA_LIKE.test(text);

/** Slack reads `<…>` as links and mentions (`<!channel>`) and `&` as an entity: its own escapes. */
export const slackText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Google Chat reads `<url|text>` as a link and `<users/all>` as a mention, and documents no escape:
 * the angle brackets become the look-alike single guillemets, which it shows as they are.
 */
export const chatText = (text: string): string => text.replace(/</g, '‹').replace(/>/g, '›');

/**
 * What makes text read other than it is or hides in it: bidi marks, embeddings, overrides and
 * isolates, zero-width spaces and joiners, the word joiner and invisible operators, the byte-order
 * mark (Unicode's list of default-ignorable and bidi control characters, the ones mail shows).
 */
const HIDDEN = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export const holdsHidden = (text: string): boolean => new RegExp(HIDDEN.source).test(text);

/** An e-mail subject or a file title is one line: a line break in a subject could start headers. */
export const oneLineTitle = (text: string): string =>
  text
    .replace(HIDDEN, '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, 200);

/**
 * Text for a slide or an e-mail body: line breaks kept; other control characters, bidi overrides
 * (which make text read other than it is) and zero-width spaces dropped.
 */
export const plainText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(HIDDEN, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
