/** Range and RangeList: a block of one sheet's cells, read and written in one call. */
import { a1, columnLetter } from './a1';
import { BLANK, type Cell, display, kept, normalise, type Value } from './cell';
import { GasError, noPermission } from './errors';
import { Protection } from './protection';
import { Sheet } from './sheet';
import { DataValidation } from './validation';

/** Rows compared by one cell: blank cells go last whichever the direction, as Sheets sorts them. */
export function byColumn<R>(key: (row: R) => Value, ascending: boolean): (x: R, y: R) => number {
  return (x, y) => {
    const a = key(x);
    const b = key(y);
    if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
    const cmp = a === b ? 0 : a < b ? -1 : 1;
    return ascending ? cmp : -cmp;
  };
}

/** Ranges of one sheet acted on together: one call sets a format over all of them. */
export class RangeList {
  constructor(
    private readonly sheet: Sheet,
    private readonly ranges: Range[],
  ) {}
  getRanges(): Range[] {
    this.sheet.book.hooks.call('RangeList.getRanges');
    return this.ranges.slice();
  }
  setNumberFormat(format: string): RangeList {
    this.sheet.book.hooks.call('RangeList.setNumberFormat');
    for (const range of this.ranges) range.formatAs(format);
    return this;
  }
}

export class Range {
  /** Made from whole columns or rows: its A1 notation says so (B:B, 5:7), as Google's does. */
  whole?: 'columns' | 'rows';
  constructor(
    readonly sheet: Sheet,
    readonly row: number,
    readonly col: number,
    readonly numRows: number,
    readonly numCols: number,
  ) {}

  private call(name: string, cells?: 'read' | 'written'): void {
    this.sheet.book.hooks.call(`Range.${name}`);
    if (cells) this.sheet.book.hooks.cells(cells, this.numRows * this.numCols);
  }

  private guard(what: string): void {
    if (!this.sheet.book.hooks.mayWrite()) throw noPermission(`Range.${what}`);
    this.sheet.book.refuseProtected(this.sheet, this.row, this.col, this.numRows, this.numCols);
  }

  /** Protects this range: only the person protecting it and the file's owner may edit it. */
  protect(): Protection {
    this.call('protect');
    const p = new Protection(
      this.sheet,
      { row: this.row, col: this.col, rows: this.numRows, cols: this.numCols },
      [this.sheet.book.hooks.user()].filter(Boolean),
    );
    this.sheet.book.protections.push(p);
    return p;
  }

  /** Every cell of the range through `fn`, row by row (the hot path of every big read). */
  private map<T>(fn: (c: Cell) => T): T[][] {
    const out: T[][] = new Array(this.numRows);
    for (let r = 0; r < this.numRows; r++) {
      const cells = this.sheet.cellsOf(this.row + r);
      const row: T[] = new Array(this.numCols);
      for (let c = 0; c < this.numCols; c++) row[c] = fn(cells?.[this.col - 1 + c] ?? BLANK);
      out[r] = row;
    }
    return out;
  }

  private write(
    values: unknown[][],
    fn: (cell: Cell, v: unknown) => Cell,
    method: string,
    store: 'write' | 'store' = 'write',
  ): Range {
    this.guard(method);
    if (
      !Array.isArray(values) ||
      values.length !== this.numRows ||
      values.some((r) => !Array.isArray(r) || r.length !== this.numCols)
    ) {
      const rows = Array.isArray(values) ? values.length : 0;
      const cols = Array.isArray(values?.[0]) ? values[0].length : 0;
      throw new GasError(
        `The number of rows in the data does not match the number of rows in the range. The data has ${rows} rows x ${cols} columns but the range has ${this.numRows} x ${this.numCols}.`,
      );
    }
    // Every value is checked before any is written: a refused write changes nothing.
    const cells = values.map((row, r) =>
      row.map((v, c) => fn(this.sheet.cell(this.row + r, this.col + c), v)),
    );
    if (store === 'write')
      cells.forEach((row, r) =>
        row.forEach((cell, c) => this.sheet.refuseInvalid(this.row + r, this.col + c, cell)),
      );
    cells.forEach((row, r) =>
      row.forEach((cell, c) => this.sheet[store](this.row + r, this.col + c, cell)),
    );
    return this;
  }

  getValues(): Value[][] {
    this.call('getValues', 'read');
    // A Date is given as a copy; anything else as it is (most cells: a string or a number).
    return this.map((c) =>
      typeof c.value === 'object' && c.value instanceof Date
        ? new Date(c.value.getTime())
        : c.value,
    );
  }
  getValue(): Value {
    this.call('getValue', 'read');
    return this.sheet.cell(this.row, this.col).value;
  }
  getDisplayValues(): string[][] {
    this.call('getDisplayValues', 'read');
    return this.map((c) => display(c.value, c.format, this.sheet.book.timeZone));
  }
  getFormulas(): string[][] {
    this.call('getFormulas', 'read');
    return this.map((c) => c.formula ?? '');
  }
  getFormula(): string {
    this.call('getFormula', 'read');
    return this.sheet.cell(this.row, this.col).formula ?? '';
  }
  getNotes(): string[][] {
    this.call('getNotes', 'read');
    return this.map((c) => c.note ?? '');
  }

  /**
   * Sorts the range's rows by a column of the sheet (its number counts from column A, as
   * Google's does), moving only the range's cells: rows above and below, and columns beside it,
   * stay where they are.
   */
  sort(column: number, ascending = true): Range {
    this.call('sort');
    this.guard('sort');
    if (column < this.col || column >= this.col + this.numCols)
      throw new GasError('The coordinates of the sort column are outside the range.');
    const rows = this.map((c) => c).sort(byColumn((r) => r[column - this.col]!.value, ascending));
    rows.forEach((line, r) =>
      line.forEach((cell, c) => this.sheet.store(this.row + r, this.col + c, cell)),
    );
    return this;
  }

  setValues(values: unknown[][]): Range {
    this.call('setValues', 'written');
    const reading = this.sheet.book.reading();
    return this.write(
      values,
      (old, v) => ({ ...normalise(v, reading), ...kept(old) }),
      'setValues',
    );
  }
  setValue(value: unknown): Range {
    this.call('setValue', 'written');
    this.guard('setValue');
    const old = this.sheet.cell(this.row, this.col);
    const cell = { ...normalise(value, this.sheet.book.reading()), ...kept(old) };
    this.sheet.refuseInvalid(this.row, this.col, cell);
    this.sheet.write(this.row, this.col, cell);
    return this;
  }

  /** Puts `rule` (null: none) on every cell of the range; values already there stay (V1). */
  setDataValidation(rule: DataValidation | null): Range {
    this.call('setDataValidation');
    return this.setRules(this.map(() => rule));
  }
  setDataValidations(rules: Array<Array<DataValidation | null>>): Range {
    this.call('setDataValidations');
    return this.setRules(rules);
  }
  clearDataValidations(): Range {
    this.call('clearDataValidations');
    return this.setRules(this.map(() => null));
  }
  getDataValidation(): DataValidation | null {
    this.call('getDataValidation');
    return this.sheet.cell(this.row, this.col).validation ?? null;
  }
  getDataValidations(): Array<Array<DataValidation | null>> {
    this.call('getDataValidations', 'read');
    return this.map((c) => c.validation ?? null);
  }

  private setRules(rules: Array<Array<DataValidation | null>>): Range {
    return this.write(
      rules,
      (old, rule) => {
        const rest = { ...old };
        delete rest.validation;
        if (rule !== null && !(rule instanceof DataValidation))
          throw new GasError(
            "The parameters (Object) don't match the method signature for SpreadsheetApp.Range.setDataValidation.",
          );
        return rule ? { ...rest, validation: rule } : rest;
      },
      'setDataValidation',
      'store',
    );
  }
  setNotes(notes: unknown[][]): Range {
    this.call('setNotes', 'written');
    return this.write(
      notes,
      (old, v) => ({ ...old, note: v ? String(v) : '' }),
      'setNotes',
      'store',
    );
  }
  setNote(note: string): Range {
    this.call('setNote', 'written');
    this.guard('setNote');
    this.sheet.store(this.row, this.col, { ...this.sheet.cell(this.row, this.col), note });
    return this;
  }
  setNumberFormat(format: string): Range {
    this.call('setNumberFormat');
    this.formatAs(format);
    return this;
  }
  /** The format stored over the range; what setNumberFormat and a RangeList's do. */
  formatAs(format: string): void {
    this.guard('setNumberFormat');
    this.map((c) => c).forEach((row, r) =>
      row.forEach((cell, c) =>
        this.sheet.store(this.row + r, this.col + c, { ...cell, format: String(format) }),
      ),
    );
  }
  setFontWeight(_weight: string): Range {
    this.call('setFontWeight');
    this.guard('setFontWeight');
    return this;
  }
  clearContent(): Range {
    this.call('clearContent');
    this.guard('clearContent');
    return this.write(
      this.map(() => ''),
      (old) => ({ value: '', ...kept(old) }),
      'clearContent',
    );
  }

  getA1Notation(): string {
    this.call('getA1Notation');
    if (this.whole === 'columns')
      return `${columnLetter(this.col)}:${columnLetter(this.col + this.numCols - 1)}`;
    if (this.whole === 'rows') return `${this.row}:${this.row + this.numRows - 1}`;
    return a1(this.row, this.col, this.numRows, this.numCols);
  }
  getRow(): number {
    this.call('getRow');
    return this.row;
  }
  getColumn(): number {
    this.call('getColumn');
    return this.col;
  }
  getNumRows(): number {
    this.call('getNumRows');
    return this.numRows;
  }
  getNumColumns(): number {
    this.call('getNumColumns');
    return this.numCols;
  }
  getLastRow(): number {
    this.call('getLastRow');
    return this.row + this.numRows - 1;
  }
  getLastColumn(): number {
    this.call('getLastColumn');
    return this.col + this.numCols - 1;
  }
  getSheet(): Sheet {
    this.call('getSheet');
    return this.sheet;
  }
  offset(rowOffset: number, colOffset: number, numRows?: number, numCols?: number): Range {
    this.call('offset');
    return this.sheet.range(
      this.row + rowOffset,
      this.col + colOffset,
      numRows ?? this.numRows,
      numCols ?? this.numCols,
    );
  }
  activate(): Range {
    this.call('activate');
    this.sheet.book.activeSheet = this.sheet;
    this.sheet.book.activeRange = this;
    return this;
  }
}
