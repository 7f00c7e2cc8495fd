/** What a scheduled action reads in its document (src/addon/scheduleActions.ts actionPorts). */
import { appsScriptKit } from './kit';
import { clientConfig } from './settings';
import { readColumns, readHeaderRow } from './sheetTable';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function scheduleActionPorts(book: Book) {
  return {
    list: (name: string) => {
      const sheet = book.getSheetByName(name);
      if (!sheet) return null;
      const headers = readHeaderRow(sheet);
      return { headers, read: (columns: number[]) => readColumns(sheet, headers, columns) };
    },
    sheet: (name: string) => book.getSheetByName(name),
    hasKey: !!clientConfig().apiKey,
    deck: () => ({ kit: appsScriptKit(book), whose: 'mine' as const }),
  };
}
