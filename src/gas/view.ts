/** The kit's view (src/kit/ports.ts View) over the active spreadsheet: where the person is, and going elsewhere. */
import type { View } from '../kit/ports';
import { parseColumnBlock } from '../domain/a1';
import { sheetAt } from './kitTables';
import { activeRange } from './active';
import { selectedRows } from './selectedRows';
import { currentPlace, rememberedRange, selectedBlock, selectedExtent } from './selection';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function appsScriptView(bookOf: () => Book): View {
  return {
    place: currentPlace,
    block: selectedBlock,
    extent: selectedExtent,
    sheet: () => bookOf().getActiveSheet().getName(),
    rows: selectedRows,
    selected() {
      const range = activeRange();
      if (!range) return null;
      const sheet = range.getSheet();
      return {
        sheetId: sheet.getSheetId(),
        name: sheet.getName(),
        first: range.getRow(),
        last: range.getLastRow(),
        column: range.getColumn(),
        values: range.getValues(),
      };
    },
    show(at, select) {
      const sheet = sheetAt(bookOf(), at);
      if (!sheet) return false;
      if (select === undefined || typeof select === 'string') {
        sheet.activate();
        const block = select === undefined ? null : shownBlock(sheet, select);
        if (block) sheet.setActiveSelection(block);
        return true;
      }
      if (select.last > sheet.getLastRow()) return false;
      sheet.activate();
      const width = Math.max(1, sheet.getLastColumn());
      sheet.setActiveSelection(
        sheet.getRange(select.first, 1, select.last - select.first + 1, width),
      );
      return true;
    },
  };
}

/** A column's block as far as the sheet holds its rows; where it holds none, the block's first cell. */
function shownBlock(sheet: GoogleAppsScript.Spreadsheet.Sheet, a1: string) {
  const block = parseColumnBlock(a1);
  return block && (rememberedRange(sheet, a1) ?? sheet.getRange(block.first, block.column));
}
