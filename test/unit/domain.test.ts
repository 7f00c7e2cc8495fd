import { readingText, sameReading, sealsIn } from '../../src/domain/readingSeal';
import {
  cellValue,
  dateCell,
  literalText,
  safeLink,
  safeText,
  scoreCell,
} from '../../src/domain/cells';
import { cacheKey } from '../../src/domain/cache';
import { visibilityLevel } from '../../src/domain/levels';
import { reportTriggerLink } from '../../src/domain/reportLink';
import { parseWebsite } from '../../src/domain/website';

describe('visibilityLevel at every boundary', () => {
  it.each([
    [0, 'invisible'],
    [20, 'invisible'],
    [21, 'low'],
    [40, 'low'],
    [41, 'moderate'],
    [60, 'moderate'],
    [61, 'strong'],
    [80, 'strong'],
    [81, 'dominant'],
    [100, 'dominant'],
  ])('%i is %s', (score, level) => expect(visibilityLevel(score)).toBe(level));
});

describe('parseWebsite', () => {
  it.each([
    'https://www.Acme.com/pricing?x=1',
    'acme.com',
    'http://acme.com/',
    'ACME.COM.',
    '  www.acme.com  ',
    '//acme.com/x',
    'acme.com:8080',
  ])('%s is acme.com', (input) => {
    const site = parseWebsite(input);
    expect(site.ok && site.domain).toBe('acme.com');
  });
  it('keeps subdomains other than www and unicode domains', () => {
    const a = parseWebsite('shop.acme.co.uk');
    expect(a.ok && a.domain).toBe('shop.acme.co.uk');
    const b = parseWebsite('https://bücher.de');
    expect(b.ok && b.domain).toBe('bücher.de');
    const c = parseWebsite('xn--bcher-kva.example');
    expect(c.ok && c.domain).toBe('xn--bcher-kva.example');
  });
  it.each([
    ['a.com, b.com', 'one website per cell: put each of these websites in its own row'],
    ['a.com b.com;c.com', 'one website per cell: put each of these websites in its own row'],
    [
      'https://user:secret@acme.com/x',
      'not a website: remove the user name and password (user:pass@) from the address',
    ],
    [
      'https://user@acme.com:8443/a',
      'not a website: remove the user name and password (user:pass@) from the address',
    ],
    ['hello world', 'not a website: write an address like example.com'],
    ['acme .com', 'not a website: a web address has no spaces; remove them, as in example.com'],
    ['my site.co.uk', 'not a website: a web address has no spaces; remove them, as in example.com'],
    [
      '@SUM(1+1)',
      'not a website: text starting with @ is not an address; type one like example.com',
    ],
    [
      '@acme.com',
      'not a website: text starting with @ is not an address; type one like example.com',
    ],
    [
      'sales@acme.com',
      "not a website: that is an e-mail address; type the company's website, like example.com",
    ],
  ])('%s is refused: %s', (input, message) => {
    expect(parseWebsite(input)).toEqual({ ok: false, blank: false, message });
  });
  it('gives a url to send, keeping the path', () => {
    const site = parseWebsite('acme.com/pricing');
    expect(site.ok && site.url).toBe('https://acme.com/pricing');
  });
  it.each(['', '   ', null, undefined])('%p is blank', (input) => {
    expect(parseWebsite(input)).toEqual({ ok: false, blank: true });
  });
  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'mailto:a@acme.com',
    'ftp://acme.com',
    'not a url',
    'localhost',
    '192.168.0.1',
    'http://10.0.0.1/x',
    'acme',
    'acme.c0m',
    '-acme.com',
    'a'.repeat(10000),
    '#N/A',
  ])('%s is not a website', (input) => {
    const site = parseWebsite(input);
    expect(site.ok).toBe(false);
    expect(!site.ok && !site.blank && site.message).toMatch(/^not a website/);
  });
  it.each([42, true, new Date()])('%p (not text) is not a website', (input) => {
    expect(parseWebsite(input).ok).toBe(false);
  });
});

describe('cells are data', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2', '@me'])('%s is escaped', (text) => {
    expect(safeText(text)).toBe(`'${text}`);
  });
  it('leaves ordinary text alone', () => expect(safeText('Acme Co')).toBe('Acme Co'));
  it('writes only http(s) links', () => {
    expect(safeLink('https://a.example/x')).toBe('https://a.example/x');
    expect(safeLink('javascript:alert(1)')).toBe('');
    expect(safeLink('data:text/html,x')).toBe('');
    expect(safeLink(null)).toBe('');
  });
  it('a missing score is blank, never 0', () => {
    expect(scoreCell(null)).toBe('');
    expect(scoreCell(0)).toBe(0);
  });
  it('dates become date values', () => {
    expect(dateCell('2026-11-01T10:00:00Z')).toEqual(new Date('2026-11-01T10:00:00Z'));
    expect(dateCell('soon')).toBe('');
  });
});

describe('report trigger link and cache keys', () => {
  it('builds the no-cost link', () => {
    expect(reportTriggerLink('https://svc.example/', 'https://acme.com/a b')).toBe(
      'https://svc.example/?report=https%3A%2F%2Facme.com%2Fa%20b',
    );
  });
  it('keeps cache keys within 250 characters', () => {
    const key = cacheKey('ns', 'x'.repeat(400));
    expect(key.length).toBeLessThanOrEqual(250);
    expect(cacheKey('ns', 'x'.repeat(400))).toBe(key);
    expect(cacheKey('ns', 'y'.repeat(400))).not.toBe(key);
  });
});

describe('what a seal signs', () => {
  // A brand the service names `+Brand` is written `'+Brand` (never a formula) and reads back
  // `+Brand`: the seal made as it was written holds as it is read.
  it.each([
    ["'+Brand", '+Brand'],
    ["'=Acme", '=Acme'],
    ["'00123", '00123'],
  ])('%s as written and %s as read are one reading', (written, read) => {
    expect(readingText({ brand: written, website: 'acme.com' })).toBe(
      readingText({ brand: read, website: 'acme.com' }),
    );
  });
  it('a changed brand is another reading', () => {
    expect(readingText({ brand: 'Acme' })).not.toBe(readingText({ brand: 'Acne' }));
  });
  it('a seal cell holds each recorder’s seal; two readings checked at other times say the same', () => {
    expect(sealsIn('abc  def ')).toEqual(['abc', 'def']);
    expect(sealsIn(42)).toEqual([]);
    const ben = { website: 'acme.com', score: 80, checked: new Date(1), lastScanned: new Date(5) };
    expect(sameReading(ben, { ...ben, checked: new Date(9) })).toBe(true);
    expect(sameReading(ben, { ...ben, score: 81 })).toBe(false);
  });
  // One seal in 64 begins with `-` (base64url): written bare, Sheets would take it for a formula.
  it('a seal beginning with - is written as text and holds as it is read back', () => {
    expect(cellValue('-Ab_9xYz0123456')).toBe("'-Ab_9xYz0123456");
    expect(sealsIn(String(cellValue('-Ab_9xYz0123456')).slice(1))).toEqual(['-Ab_9xYz0123456']);
  });
});

describe('literalText and cellValue: text the add-on writes reads back as the same text (G15)', () => {
  it.each([
    'TRUE',
    'wahr',
    '00123',
    '1,234',
    '1,5',
    '12%',
    '$5',
    '5 €',
    '1e3',
    '2026-01-02',
    '2026-01-02 10:30',
    '1/2/2026',
    '3/12',
    '7/11',
    '2.1.',
    '10:30',
    '(5)',
  ])('%p gets the apostrophe that keeps it text', (text) => {
    expect(literalText(text)).toBe(`'${text}`);
  });
  it.each(['Acme', '7-Eleven', 'Sent 2026-11-28', 'acme.com', '3M', 'error: not an ID'])(
    '%p is left as it is',
    (text) => expect(literalText(text)).toBe(text),
  );
  it('escapes a formula, keeps values, and writes nothing for null', () => {
    expect(cellValue('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(cellValue(73)).toBe(73);
    expect(cellValue(null)).toBe('');
    expect(cellValue("'TRUE")).toBe("'TRUE");
  });
});
