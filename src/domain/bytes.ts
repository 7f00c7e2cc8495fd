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

/**
 * Google refuses a message whose body passes 200 KB on a consumer account (400 KB on Workspace,
 * docs/platform-limits.md Q8); the smaller holds for both, less room for the closing line.
 */
export const MAIL_BODY_BYTES = 200 * 1024 - 200;

/** `text` within `limit` bytes of UTF-8: whole lines kept, and a last line saying what was cut. */
export function withinBytes(text: string, limit: number, cut: (lines: number) => string): string {
  if (utf8Bytes(text) <= limit) return text;
  const lines = text.split('\n');
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    size += utf8Bytes(line) + 1;
    if (size > limit) break;
    kept.push(line);
  }
  return [...kept, cut(lines.length - kept.length)].join('\n');
}
