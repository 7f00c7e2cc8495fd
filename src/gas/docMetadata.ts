/**
 * Small records kept in the file itself, as developer metadata: unlike document properties, a
 * clock trigger can read and write them through `openById`, and every editor's copy of the add-on
 * sees them. PROJECT-visible: no other script or add-on an editor runs reads them (D2).
 */
type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function metadataValue(book: Book, key: string): string | null {
  return (
    book
      .getDeveloperMetadata()
      .find((md) => md.getKey() === key)
      ?.getValue() ?? null
  );
}

/** Every value whose key starts with `prefix`, by the rest of the key. */
export function metadataStartingWith(book: Book, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const md of book.getDeveloperMetadata()) {
    const key = md.getKey();
    if (key.startsWith(prefix)) found[key.slice(prefix.length)] = md.getValue() ?? '';
  }
  return found;
}

/**
 * Writes one entry per key (null removes it). An entry written DOCUMENT-visible by an earlier
 * version is replaced by a PROJECT-visible one.
 */
export function setMetadata(book: Book, key: string, value: string | null): void {
  const existing = book.getDeveloperMetadata().filter((md) => md.getKey() === key);
  const project = SpreadsheetApp.DeveloperMetadataVisibility.PROJECT;
  const kept = existing.find((md) => md.getVisibility() === project);
  for (const md of existing) if (value === null || md !== kept) md.remove();
  if (value === null) return;
  if (kept) kept.setValue(value);
  else book.addDeveloperMetadata(key, value, project);
}
