/**
 * Text written to a cell is read as Sheets reads typing (G15 in docs/platform-limits.md), in the
 * spreadsheet's locale: `TRUE` is a boolean, `12%` the number 0.12, `1,234` and `$5` numbers,
 * `00123` the number 123, `2026-01-02`, `1/2/2026` and `3/12` dates (the last in this year),
 * `10:30` a time. Only a leading apostrophe keeps text as written. Two locales are modelled:
 * en_US (Google's default) and de_DE (decimal comma, day first, `WAHR`/`FALSCH`).
 */
import { wallParts } from './wallClock';

export type Locale = 'en_US' | 'de_DE';

export interface Reading {
  /** The spreadsheet's locale and time zone (File > Settings). */
  locale: Locale;
  timeZone: string;
  /** Now, for a date typed without its year. */
  now: number;
}

export type Parsed =
  { value: number; format?: string } | { value: boolean } | { value: Date; format: string };

const LOCALES: Record<
  Locale,
  { decimal: string; group: string; truth: [string, string]; dayFirst: boolean; date: string }
> = {
  en_US: { decimal: '.', group: ',', truth: ['TRUE', 'FALSE'], dayFirst: false, date: '/' },
  de_DE: { decimal: ',', group: '.', truth: ['WAHR', 'FALSCH'], dayFirst: true, date: '.' },
};

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The instant a zone's wall clock reads as these parts (twice corrected, for a change of offset). */
function instantIn(zone: string, y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date {
  const wanted = Date.UTC(y, mo - 1, d, h, mi, s);
  let t = wanted;
  for (let i = 0; i < 2; i++) {
    const p = wallParts(new Date(t), zone);
    const shown = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
    t += wanted - shown;
  }
  return new Date(t);
}

const realDay = (y: number, m: number, d: number) =>
  m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();

function number(text: string, locale: Locale): Parsed | null {
  const { decimal, group } = LOCALES[locale];
  const g = esc(group);
  const dp = esc(decimal);
  const currency = locale === 'en_US' ? /^\$\s?|\s?\$$/ : /\s?€$|^€\s?/;
  let t = text;
  let format: string | undefined;
  if (currency.test(t)) t = t.replace(currency, '');
  let percent = false;
  if (t.endsWith('%')) {
    percent = true;
    t = t.slice(0, -1).trim();
  }
  const body = new RegExp(
    `^([-+])?(\\d{1,3}(?:${g}\\d{3})+|\\d+)?(?:${dp}(\\d+))?(?:[eE]([-+]?\\d+))?$`,
  ).exec(t);
  if (!body || (body[2] === undefined && body[3] === undefined)) return null;
  if (body[4] !== undefined && percent) return null;
  const digits = (body[2] ?? '0').split(group).join('');
  let value = Number(`${body[1] ?? ''}${digits}.${body[3] ?? '0'}${body[4] ? `e${body[4]}` : ''}`);
  if (!Number.isFinite(value)) return null;
  if (percent) {
    value /= 100;
    format = body[3] ? '0.00%' : '0%';
  }
  return format ? { value, format } : { value };
}

function date(text: string, r: Reading): Parsed | null {
  const { dayFirst, date: sep } = LOCALES[r.locale];
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  const local = new RegExp(
    `^(\\d{1,2})${esc(sep)}(\\d{1,2})(?:${esc(sep)}(\\d{2}|\\d{4})?)?$`,
  ).exec(text);
  const t = time.exec(text);
  if (t) {
    const [h, m, s] = [+t[1]!, +t[2]!, +(t[3] ?? 0)];
    if (h > 23 || m > 59 || s > 59) return null;
    return { value: instantIn(r.timeZone, 1899, 12, 30, h, m, s), format: 'h:mm:ss' };
  }
  let parts: [number, number, number, number, number, number] | null = null;
  if (iso) parts = [+iso[1]!, +iso[2]!, +iso[3]!, +(iso[4] ?? 0), +(iso[5] ?? 0), +(iso[6] ?? 0)];
  else if (local) {
    const [a, b] = [+local[1]!, +local[2]!];
    const year = local[3]
      ? local[3].length === 2
        ? 2000 + +local[3]
        : +local[3]
      : +wallParts(new Date(r.now), r.timeZone).year!;
    parts = dayFirst ? [year, b, a, 0, 0, 0] : [year, a, b, 0, 0, 0];
  }
  if (!parts || !realDay(parts[0], parts[1], parts[2])) return null;
  if (parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null;
  const withTime = parts[3] || parts[4] || parts[5];
  return {
    value: instantIn(r.timeZone, ...parts),
    format: withTime ? 'yyyy-mm-dd hh:mm:ss' : dayFirst ? 'dd.mm.yyyy' : 'm/d/yyyy',
  };
}

/** What Sheets makes of typed `text` that is not a formula: a number, a boolean, a date, or null (text). */
export function parseTyped(text: string, r: Reading): Parsed | null {
  const t = text.trim();
  if (!t) return null;
  const [yes, no] = LOCALES[r.locale].truth;
  if (t.toUpperCase() === yes) return { value: true };
  if (t.toUpperCase() === no) return { value: false };
  return number(t, r.locale) ?? date(t, r);
}
