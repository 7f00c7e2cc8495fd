/**
 * A text's size as Google counts property values: bytes of UTF-8 (docs/platform-limits.md P1), so
 * an accented or non-Latin value takes two or three bytes a character, an emoji four.
 */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4; // a surrogate pair: one character beyond the Basic Multilingual Plane
      i++;
    } else n += 3;
  }
  return n;
}
