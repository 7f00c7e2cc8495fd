/**
 * Cells this execution meant to write and a team's data validation rule refused
 * (domain/validation.ts). A refusal never stops the run: the rest of each block is written, the
 * run finishes (its history, its progress, its log), and the execution's end says what was left
 * out, once. Apps Script loads the project afresh for every execution, so this holds for one.
 */
import { refusedMessage, type Refused } from '../domain/validation';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const refused: Array<{ book: Book; cells: Refused[] }> = [];

export function noteRefused(book: Book, cells: Refused[]): void {
  if (cells.length) refused.push({ book, cells });
}

/** What was left out, in words, with the document it was in; null when nothing was. */
export function takeRefused(): { book: Book; cells: number; message: string } | null {
  const all = refused.splice(0);
  if (!all.length) return null;
  const cells = all.flatMap((r) => r.cells);
  return { book: all[0]!.book, cells: cells.length, message: refusedMessage(cells) };
}
