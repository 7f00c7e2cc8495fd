/** src/gas/ports.ts's BookPort over an Apps Script spreadsheet. */
import { HEADER_ROW } from '../domain/table';
import { metadataValue, setMetadata } from './docMetadata';
import { documentLock } from './lock';
import type { BookPort } from './ports';
import { cell, findTables, replaceSheet } from './sheetTable';

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
    lock: documentLock,
  };
}
