/** Generate's ports (src/addon/previewGeneration.ts GeneratePorts) over a sheet of an Apps Script spreadsheet. */
import {
  PREVIEW_COLUMNS,
  PREVIEW_HEADERS,
  SCALED_PREVIEW_COLUMNS,
  type RowPatch,
} from '../domain/previewColumns';
import { findColumns } from '../domain/table';
import { WRITE_LOCK_WAIT_MS } from '../limits';
import { addScoreColourScale } from './formatting';
import { claimGeneration } from './generationClaim';
import { withDocumentLock } from './lock';
import { presser } from '../kit/previewRecords';
import { appsScriptKit } from './kit';
import { openTable, readColumns, readHeaderRow, writePatches } from './sheetTable';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export function generatePorts(sheet: Sheet, claim: { run: string; started: number }) {
  const kit = appsScriptKit(sheet.getParent());
  return {
    kit,
    presser: presser(kit),
    writeRows: (patches: Map<number, RowPatch>) =>
      withDocumentLock(
        WRITE_LOCK_WAIT_MS,
        () => {
          claimGeneration(sheet.getParent(), claim.run, claim.started);
          if (patches.size === 0) return;
          const header = readHeaderRow(sheet);
          const columns = Object.values(findColumns(header, PREVIEW_HEADERS)) as number[];
          writePatches(prepareColumns(sheet, readColumns(sheet, header, columns)), patches);
        },
        () => {
          throw new Error(
            'The document stayed busy for 30 s, so the rows of the previews just started could not be written: check those rows before pressing Generate again.',
          );
        },
      ),
    cells: () => openTable(sheet, PREVIEW_COLUMNS, false),
  };
}

/** The preview columns, made when missing, the colour scale on the score columns made then. */
function prepareColumns(sheet: Sheet, values: unknown[][]) {
  const table = openTable(sheet, PREVIEW_COLUMNS, true, values);
  if (table.added.length) {
    addScoreColourScale(
      sheet,
      SCALED_PREVIEW_COLUMNS.map((k) => table.columns[k]),
    );
  }
  return table;
}
