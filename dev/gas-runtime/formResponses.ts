/**
 * What Google Forms writes into a spreadsheet's responses sheet (docs/platform-limits.md T2, T3):
 * no script runs it, so no edit trigger either; the form-submit event the file's triggers get.
 */
import type { Range, Spreadsheet } from './spreadsheet';

/** A form-submit event's own part: the row, and the answers as text (`values`, `namedValues`). */
export interface ResponseEvent {
  range: Range;
  values: string[];
  namedValues: Record<string, string[]>;
}

/** A form response's timestamp as Forms puts it in `values` (M/d/yyyy H:mm:ss). */
function formatStamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${d.getUTCHours()}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** A stable stand-in for a form's ID, from its responses sheet's name. */
const fnv = (t: string) =>
  [...t].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261).toString(16);

const text = (v: unknown) => (v instanceof Date ? formatStamp(v) : String(v ?? ''));

function eventOf(header: string[], cells: unknown[], range: Range): ResponseEvent {
  const values = cells.map(text);
  return {
    range,
    values,
    namedValues: Object.fromEntries(header.map((h, i) => [h, [values[i]!]])),
  };
}

/**
 * A new response: the row goes below the last row with content, a timestamp first and the answers
 * under their questions' headers (a question new to the sheet gets its header at the right).
 */
export function writeResponse(
  book: Spreadsheet,
  sheetName: string,
  answers: Record<string, string>,
  at: Date,
): { row: number; event: ResponseEvent } {
  // Linking a form made its sheet long before this response: where the person is stays as it was.
  const wasActive = book.activeSheet;
  const sheet = book.getSheetByName(sheetName) ?? book.insertSheet(sheetName);
  wasActive.activate();
  // Linked to its form: the sheet names the form it receives (Sheet.getFormUrl, T6).
  sheet.probe.linkForm(`https://docs.google.com/forms/d/${fnv(sheetName)}/viewform`);
  const width = sheet.getLastColumn();
  const header = width ? sheet.getRange(1, 1, 1, width).getValues()[0]!.map(String) : [];
  if (!header.length) header.push('Timestamp');
  for (const question of Object.keys(answers))
    if (!header.includes(question)) header.push(question);
  sheet.getRange(1, 1, 1, header.length).setValues([header]);
  const cells = header.map((h, i) => (i === 0 ? at : (answers[h] ?? '')));
  sheet.appendRow(cells);
  const row = sheet.getLastRow();
  return { row, event: eventOf(header, cells, sheet.getRange(row, 1, 1, header.length)) };
}

/** An edited response: the new answers over its own row, the edit's time in its timestamp. */
export function editResponse(
  book: Spreadsheet,
  sheetName: string,
  row: number,
  answers: Record<string, string>,
  at: Date,
): ResponseEvent {
  const sheet = book.getSheetByName(sheetName);
  if (!sheet) throw new Error(`No responses sheet "${sheetName}"`);
  const width = sheet.getLastColumn();
  const header = sheet.getRange(1, 1, 1, width).getValues()[0]!.map(String);
  const before = sheet.getRange(row, 1, 1, width).getValues()[0]!;
  const cells = header.map((h, i) => (i === 0 ? at : h in answers ? answers[h]! : before[i]));
  sheet.getRange(row, 1, 1, width).setValues([cells]);
  return eventOf(header, cells, sheet.getRange(row, 1, 1, width));
}
