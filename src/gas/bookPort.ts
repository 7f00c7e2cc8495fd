/** src/gas/ports.ts's BookPort over an Apps Script spreadsheet. */
import { cellValue } from '../domain/cells';
import { HEADER_ROW } from '../domain/table';
import { metadataValue, setMetadata } from './docMetadata';
import { formatColumns } from './formatting';
import { withDocumentLock } from './lock';
import type { BookPort } from './ports';
import { cell, findTables } from './sheetTable';
import { ensureSheet, fitGrid } from './sheets';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function bookPort(book: Book): BookPort {
  return {
    lists: (headers, key) =>
      findTables(book, headers, key).map(({ name, ...table }) => ({
        name,
        rows: Array.from(
          { length: Math.max(0, table.values.length - HEADER_ROW) },
          (_, i) =>
            Object.fromEntries(
              (Object.keys(headers) as Array<keyof typeof headers>).map((k) => [
                k,
                cell(table, HEADER_ROW + 1 + i, k),
              ]),
            ) as Record<keyof typeof headers, unknown>,
        ),
      })),
    replace: (name, values, formats) => replaceSheet(book, name, values, formats),
    meta: {
      get: (key) => metadataValue(book, key),
      // A setting a schedule's clock trigger reads: where that run would not see it, refused.
      set: (key, value) => void setMetadata(book, key, value, true),
    },
    locked: (waitMs, work, busy) => withDocumentLock(waitMs, work, busy),
  };
}

function replaceSheet(
  book: Book,
  name: string,
  values: unknown[][],
  formats: Array<{ column: number; format: string }>,
): void {
  const sheet = ensureSheet(book, name);
  const width = values[0]?.length ?? 0;
  const rows = Math.max(values.length, sheet.getLastRow());
  const columns = Math.max(width, sheet.getLastColumn());
  fitGrid(sheet, { rows, columns });
  const block = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => cellValue(values[r]?.[c])),
  );
  sheet.getRange(1, 1, rows, columns).setValues(block);
  formatColumns(sheet, formats, HEADER_ROW + 1, values.length);
}
