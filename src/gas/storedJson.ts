/**
 * A value the add-on kept as JSON (a property, developer metadata), or `fallback` when there is
 * none or it does not parse: a hand-edited or truncated value never stops a run.
 */
export function storedJson<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}
