// A property's size as Google counts it: bytes of UTF-8 (P1).
import { utf8Bytes } from '../../src/domain/bytes';

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
