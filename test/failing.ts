// Assertions over lists that name what failed: `expect(failing(rows, ok)).toEqual([])` shows each
// offending item with its index, where `expect(rows.every(ok)).toBe(true)` shows only `false`.
export function failing<T>(items: readonly T[], ok: (item: T) => unknown): string[] {
  return items.flatMap((item, i) => (ok(item) ? [] : [`#${i}: ${show(item)}`]));
}

function show(item: unknown): string {
  try {
    return JSON.stringify(item)?.slice(0, 300) ?? String(item);
  } catch {
    return String(item);
  }
}
