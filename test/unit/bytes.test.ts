// A property's size as Google counts it: bytes of UTF-8 (P1).
import { MAIL_BODY_BYTES, utf8Bytes, withinBytes } from '../../src/domain/bytes';

it.each([
  ['', 0],
  ['nike.com', 8],
  ['é', 2],
  ['€', 3],
  ['日本', 6],
  ['😀', 4],
  ['a😀b', 6],
])('%j is %i bytes', (text, n) => {
  expect(utf8Bytes(text)).toBe(n);
  expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, 'utf8'));
});

// An e-mail body within Google's 200 KB (Q8): whole lines, and a line saying what was cut.
describe('withinBytes', () => {
  const cut = (n: number) => `(${n} cut)`;
  it('leaves a text that fits as it is', () => {
    expect(withinBytes('a\nb', 3, cut)).toBe('a\nb');
  });
  it('keeps whole lines that fit, counting bytes, not characters', () => {
    expect(withinBytes('éé\nb\nc', 6, cut)).toBe('éé\n(2 cut)');
    expect(withinBytes('ééé\nb', 6, cut)).toBe('(2 cut)');
  });
  it('brings a digest of 50 long brand names under the mail limit', () => {
    const body = Array.from({ length: 50 }, (_, i) => `- ${'Ω'.repeat(3000)} ${i}`).join('\n');
    const fitted = withinBytes(body, MAIL_BODY_BYTES, cut);
    expect(utf8Bytes(body)).toBeGreaterThan(200 * 1024);
    expect(utf8Bytes(fitted)).toBeLessThanOrEqual(200 * 1024);
    expect(fitted.endsWith('(16 cut)')).toBe(true);
  });
});
