/**
 * The ports of going to a place and of the sheets the add-on makes on request (src/addon/
 * attention.ts, example.ts, templates.ts): navigation, the example sheet and the templates, over
 * the active spreadsheet.
 */
import { scaledOf, type Columns } from '../domain/columns';
import { HEADER_ROW } from '../domain/table';
import type { LogLine } from '../contract/schedules';
import { addScoreColourScale } from './formatting';
import { logAction } from './runLog';
import { currentPlace, rememberedRange } from './selection';
import { openTable } from './sheetTable';
import { sheetNamed } from './sheets';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const navigationPort = (book: Book) => ({
  sheet: (name: string) => {
    const sheet = book.getSheetByName(name);
    return (
      sheet && {
        lastRow: sheet.getLastRow(),
        selectRow: (row: number) => {
          sheet.activate();
          sheet.setActiveSelection(sheet.getRange(row, 1, 1, Math.max(1, sheet.getLastColumn())));
        },
        selectBlock: (a1: string) => {
          sheet.activate();
          const block = rememberedRange(sheet, a1);
          if (block) sheet.setActiveSelection(block);
        },
      }
    );
  },
});

/** The example's ports; `made` is the sheet it opened, for src/addon's Score. */
export function examplePorts(book: Book) {
  let made: Sheet | null = null;
  return {
    place: currentPlace,
    open: (name: string) => {
      const sheet = sheetNamed(book, name) ?? book.insertSheet(name);
      made = sheet;
      const empty = sheet.getLastRow() <= HEADER_ROW;
      sheet.activate();
      return {
        empty,
        fill: (values: unknown[][]) => {
          sheet.getRange(HEADER_ROW, 1, values.length, values[0]?.length ?? 1).setValues(values);
          sheet.setFrozenRows(HEADER_ROW);
        },
      };
    },
    made: () => made,
    log: (action: string, entry: LogLine) => logAction(book, action, entry),
  };
}

export const templatePorts = (book: Book) => ({
  exists: (name: string) => !!sheetNamed(book, name),
  make: (
    name: string,
    { own, columns, note }: { own: string[]; columns: Columns<string>; note: string | null },
  ) => {
    const sheet = book.insertSheet(name);
    if (own.length) sheet.getRange(HEADER_ROW, 1, 1, own.length).setValues([own]);
    // The add-on's columns as every run adds them: headers, number formats, colour scale.
    const table = openTable(sheet, columns, true, [own]);
    addScoreColourScale(
      sheet,
      scaledOf(columns).map((k) => table.columns[k]!),
    );
    sheet.setFrozenRows(HEADER_ROW);
    if (note) sheet.getRange(HEADER_ROW, 1).setNote(note);
    else sheet.setActiveSelection(sheet.getRange(HEADER_ROW + 1, 1));
  },
});
