/** A sheet's whole Website column below its header, as the kit finds it: the list a schedule refreshes. */
import { a1 } from '../domain/a1';
import { HEADER_ROW, websiteColumnIndex, type ColumnBlock } from '../domain/table';
import type { Kit } from './ports';

/** Null without the sheet, its Website column, or a row below its header. */
export function websiteBlock(kit: Pick<Kit, 'tables'>, name: string): ColumnBlock | null {
  const last = kit.tables.lastRow(name);
  const index = last > HEADER_ROW ? websiteColumnIndex(kit.tables.headers(name)) : -1;
  const sheetId = index < 0 ? null : kit.tables.sheetId(name);
  if (sheetId === null) return null;
  const [first, column] = [HEADER_ROW + 1, index + 1];
  return { sheetId, name, first, last, column, a1: a1(first, column, last - HEADER_ROW) };
}
