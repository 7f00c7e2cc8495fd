/**
 * SpreadsheetApp, in memory: spreadsheets of sheets of cells, with the Range methods the add-on
 * uses. Every call is counted. A string starting with '=' is stored as a formula, as Sheets does;
 * a leading apostrophe marks text and is not part of the value.
 */
import { a1, parseA1 } from './a1';
import { parseCsv, toCsv } from './csv';
import { GasError, noPermission } from './errors';

export type Value = string | number | boolean | Date;

interface Cell {
  value: Value;
  formula?: string;
  note?: string;
}

export interface Hooks {
  /** Called on every service call: counts it and enforces the execution limit. */
  call(name: string): void;
  /** False inside a custom function, where Sheets refuses writes. */
  mayWrite(): boolean;
}

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

function normalise(v: unknown): Cell {
  if (v === null || v === undefined || v === '') return { value: '' };
  if (typeof v === 'string') {
    // Sheets parses a written string as if typed: numbers become numbers, and anything starting
    // with = + - @ that is not a number becomes a formula. An apostrophe marks plain text.
    if (v.startsWith("'")) return { value: v.slice(1) };
    if (/^[-+]?\d+(\.\d+)?$/.test(v.trim())) return { value: Number(v) };
    if (/^[=+\-@]/.test(v) && v.length > 1) return { value: '', formula: v };
    return { value: v };
  }
  if (typeof v === 'number') return { value: Number.isFinite(v) ? v : '#NUM!' };
  if (typeof v === 'boolean') return { value: v };
  if (isDate(v)) return { value: new Date((v as Date).getTime()) };
  throw new GasError(
    `The parameters (${typeof v}) don't match the method signature for SpreadsheetApp.Range.setValues.`,
  );
}

export function display(v: Value): string {
  if (isDate(v)) return (v as Date).toISOString().slice(0, 10);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

export interface ConditionalRule {
  ranges: string[];
  gradient?: {
    min?: [string, string, string];
    mid?: [string, string, string];
    max?: [string, string, string];
  };
}

/** An embedded chart as the add-on built it: what a test can check of it. */
export interface EmbeddedChart {
  id: number;
  type: string;
  ranges: string[];
  options: Record<string, unknown>;
  position: [number, number];
}

export class Sheet {
  cells: Cell[][] = [];
  conditionalRules: ConditionalRule[] = [];
  frozenRows = 0;
  charts: EmbeddedChart[] = [];
  private nextChartId = 1;

  constructor(
    readonly book: Spreadsheet,
    private name: string,
    readonly id: number,
  ) {}

  private call(name: string): void {
    this.book.hooks.call(`Sheet.${name}`);
  }

  cell(row: number, col: number): Cell {
    return this.cells[row - 1]?.[col - 1] ?? { value: '' };
  }

  /** What a person typing into a cell does: parsed as Sheets parses typing, and no script call. */
  typeIn(row: number, col: number, text: string): void {
    this.put(row, col, normalise(text));
  }

  put(row: number, col: number, cell: Cell): void {
    while (this.cells.length < row) this.cells.push([]);
    const r = this.cells[row - 1] as Cell[];
    while (r.length < col) r.push({ value: '' });
    r[col - 1] = cell;
  }

  lastRow(): number {
    for (let r = this.cells.length; r > 0; r--) {
      if ((this.cells[r - 1] ?? []).some((c) => c.value !== '' || c.formula)) return r;
    }
    return 0;
  }

  lastColumn(): number {
    let max = 0;
    for (const row of this.cells) {
      for (let c = row.length; c > max; c--)
        if (row[c - 1]!.value !== '' || row[c - 1]!.formula) max = c;
    }
    return max;
  }

  getName(): string {
    this.call('getName');
    return this.name;
  }
  setName(name: string): Sheet {
    this.call('setName');
    this.name = name;
    return this;
  }
  get sheetName(): string {
    return this.name;
  }
  getSheetId(): number {
    this.call('getSheetId');
    return this.id;
  }
  getParent(): Spreadsheet {
    return this.book;
  }
  getLastRow(): number {
    this.call('getLastRow');
    return this.lastRow();
  }
  getLastColumn(): number {
    this.call('getLastColumn');
    return this.lastColumn();
  }
  getMaxRows(): number {
    this.call('getMaxRows');
    return Math.max(1000, this.cells.length);
  }
  getMaxColumns(): number {
    this.call('getMaxColumns');
    return Math.max(26, this.lastColumn());
  }
  getFrozenRows(): number {
    this.call('getFrozenRows');
    return this.frozenRows;
  }
  setFrozenRows(n: number): void {
    this.call('setFrozenRows');
    this.frozenRows = n;
  }

  getRange(a: number | string, col?: number, numRows = 1, numCols = 1): Range {
    this.call('getRange');
    if (typeof a === 'string') {
      const p = parseA1(a);
      return new Range(
        this,
        p.row,
        p.col,
        p.numRows ?? Math.max(1, this.lastRow() - p.row + 1),
        p.numCols,
      );
    }
    if (col === undefined)
      throw new GasError(
        "The parameters (number) don't match the method signature for SpreadsheetApp.Sheet.getRange.",
      );
    if (a < 1 || col < 1 || numRows < 1 || numCols < 1)
      throw new GasError('The coordinates of the range are outside the dimensions of the sheet.');
    return new Range(this, a, col, numRows, numCols);
  }

  getDataRange(): Range {
    this.call('getDataRange');
    return new Range(this, 1, 1, Math.max(1, this.lastRow()), Math.max(1, this.lastColumn()));
  }

  private guard(what: string): void {
    if (!this.book.hooks.mayWrite()) throw noPermission(what);
  }

  insertColumnAfter(col: number): Sheet {
    return this.insertColumnsAfter(col, 1);
  }

  insertColumnsAfter(col: number, howMany: number): Sheet {
    this.call('insertColumnsAfter');
    this.guard('Sheet.insertColumnsAfter');
    for (const row of this.cells) {
      if (row.length > col)
        row.splice(col, 0, ...Array.from({ length: howMany }, () => ({ value: '' as Value })));
    }
    return this;
  }

  insertRowsBefore(row: number, howMany: number): Sheet {
    this.call('insertRowsBefore');
    this.guard('Sheet.insertRowsBefore');
    this.cells.splice(row - 1, 0, ...Array.from({ length: howMany }, () => [] as Cell[]));
    return this;
  }

  /** Sheet.newChart(): the builder Apps Script gives for an embedded chart. */
  newChart() {
    this.call('newChart');
    this.guard('Sheet.newChart');
    const chart: EmbeddedChart = { id: 0, type: '', ranges: [], options: {}, position: [1, 1] };
    const builder = {
      setChartType: (type: string) => ((chart.type = type), builder),
      addRange: (range: Range) => (
        chart.ranges.push(`${range.sheet.sheetName}!${range.getA1Notation()}`),
        builder
      ),
      setOption: (key: string, value: unknown) => ((chart.options[key] = value), builder),
      setPosition: (row: number, col: number) => ((chart.position = [row, col]), builder),
      build: () => {
        if (!chart.type) throw new GasError('Chart type is required.');
        if (chart.ranges.length === 0) throw new GasError('The chart has no data: add a range.');
        return { ...chart, getChartId: () => chart.id };
      },
    };
    return builder;
  }

  insertChart(chart: EmbeddedChart): void {
    this.call('insertChart');
    this.guard('Sheet.insertChart');
    this.charts.push({ ...chart, id: this.nextChartId++ });
  }

  getCharts(): Array<EmbeddedChart & { getChartId(): number }> {
    this.call('getCharts');
    return this.charts.map((c) => ({ ...c, getChartId: () => c.id }));
  }

  removeChart(chart: { getChartId(): number }): void {
    this.call('removeChart');
    this.guard('Sheet.removeChart');
    this.charts = this.charts.filter((c) => c.id !== chart.getChartId());
  }

  clearContents(): Sheet {
    this.call('clearContents');
    this.guard('Sheet.clearContents');
    this.cells = this.cells.map((row) =>
      row.map((c) => (c.note ? { value: '', note: c.note } : { value: '' })),
    );
    return this;
  }

  deleteRows(row: number, howMany: number): Sheet {
    this.call('deleteRows');
    this.guard('Sheet.deleteRows');
    this.cells.splice(row - 1, howMany);
    return this;
  }

  deleteRow(row: number): Sheet {
    this.call('deleteRow');
    this.guard('Sheet.deleteRow');
    this.cells.splice(row - 1, 1);
    return this;
  }

  /** Sorts the rows below the frozen (or first) row by a column, as a user does from the menu. */
  sort(col: number, ascending = true): Sheet {
    this.call('sort');
    this.guard('Sheet.sort');
    const head = Math.max(1, this.frozenRows);
    const body = this.cells.slice(head);
    const key = (r: Cell[]) => r[col - 1]?.value ?? '';
    body.sort((x, y) => {
      const a = key(x);
      const b = key(y);
      const cmp = a === b ? 0 : a === '' ? 1 : b === '' ? -1 : a < b ? -1 : 1;
      return ascending ? cmp : -cmp;
    });
    this.cells = [...this.cells.slice(0, head), ...body];
    return this;
  }

  getConditionalFormatRules(): ConditionalRule[] {
    this.call('getConditionalFormatRules');
    return this.conditionalRules.slice();
  }

  setConditionalFormatRules(rules: ConditionalRule[]): void {
    this.call('setConditionalFormatRules');
    this.guard('Sheet.setConditionalFormatRules');
    this.conditionalRules = rules.slice();
  }

  activate(): Sheet {
    this.call('activate');
    this.book.activeSheet = this;
    return this;
  }

  setActiveSelection(range: string | Range): Range {
    this.call('setActiveSelection');
    const r = typeof range === 'string' ? this.getRange(range) : range;
    this.book.activeSheet = this;
    this.book.activeRange = r;
    return r;
  }
}

export class Range {
  constructor(
    readonly sheet: Sheet,
    readonly row: number,
    readonly col: number,
    readonly numRows: number,
    readonly numCols: number,
  ) {}

  private call(name: string): void {
    this.sheet.book.hooks.call(`Range.${name}`);
  }

  private guard(what: string): void {
    if (!this.sheet.book.hooks.mayWrite()) throw noPermission(`Range.${what}`);
  }

  private map<T>(fn: (c: Cell) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < this.numRows; r++) {
      const row: T[] = [];
      for (let c = 0; c < this.numCols; c++)
        row.push(fn(this.sheet.cell(this.row + r, this.col + c)));
      out.push(row);
    }
    return out;
  }

  private write(values: unknown[][], fn: (cell: Cell, v: unknown) => Cell, method: string): Range {
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
    values.forEach((row, r) =>
      row.forEach((v, c) =>
        this.sheet.put(
          this.row + r,
          this.col + c,
          fn(this.sheet.cell(this.row + r, this.col + c), v),
        ),
      ),
    );
    return this;
  }

  getValues(): Value[][] {
    this.call('getValues');
    return this.map((c) => (c.value instanceof Date ? new Date(c.value.getTime()) : c.value));
  }
  getValue(): Value {
    this.call('getValue');
    return this.sheet.cell(this.row, this.col).value;
  }
  getDisplayValues(): string[][] {
    this.call('getDisplayValues');
    return this.map((c) => display(c.value));
  }
  getFormulas(): string[][] {
    this.call('getFormulas');
    return this.map((c) => c.formula ?? '');
  }
  getNotes(): string[][] {
    this.call('getNotes');
    return this.map((c) => c.note ?? '');
  }

  setValues(values: unknown[][]): Range {
    this.call('setValues');
    return this.write(
      values,
      (old, v) => ({ ...normalise(v), ...(old.note ? { note: old.note } : {}) }),
      'setValues',
    );
  }
  setValue(value: unknown): Range {
    this.call('setValue');
    this.guard('setValue');
    const old = this.sheet.cell(this.row, this.col);
    this.sheet.put(this.row, this.col, {
      ...normalise(value),
      ...(old.note ? { note: old.note } : {}),
    });
    return this;
  }
  setNotes(notes: unknown[][]): Range {
    this.call('setNotes');
    return this.write(notes, (old, v) => ({ ...old, note: v ? String(v) : '' }), 'setNotes');
  }
  setNote(note: string): Range {
    this.call('setNote');
    this.guard('setNote');
    this.sheet.put(this.row, this.col, { ...this.sheet.cell(this.row, this.col), note });
    return this;
  }
  setNumberFormat(_format: string): Range {
    this.call('setNumberFormat');
    this.guard('setNumberFormat');
    return this;
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
      () => ({ value: '' }),
      'clearContent',
    );
  }

  getA1Notation(): string {
    this.call('getA1Notation');
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
    return new Range(
      this.sheet,
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

export class Spreadsheet {
  sheets: Sheet[] = [];
  activeSheet: Sheet;
  activeRange: Range | null = null;
  private nextSheetId = 0;

  constructor(
    readonly id: string,
    readonly name: string,
    public hooks: Hooks,
  ) {
    this.activeSheet = this.addSheet('Sheet1');
  }

  addSheet(name: string): Sheet {
    const sheet = new Sheet(this, name, this.nextSheetId++);
    this.sheets.push(sheet);
    return sheet;
  }

  getId(): string {
    this.hooks.call('Spreadsheet.getId');
    return this.id;
  }
  /** The spreadsheet's own time zone (File > Settings), which schedules follow. */
  timeZone = 'Etc/UTC';
  getSpreadsheetTimeZone(): string {
    this.hooks.call('Spreadsheet.getSpreadsheetTimeZone');
    return this.timeZone;
  }
  /** The file's owner (custom functions read this user's properties). */
  owner = '';
  getOwner(): { getEmail(): string } {
    this.hooks.call('Spreadsheet.getOwner');
    return { getEmail: () => this.owner };
  }
  getName(): string {
    this.hooks.call('Spreadsheet.getName');
    return this.name;
  }
  getUrl(): string {
    this.hooks.call('Spreadsheet.getUrl');
    return `https://docs.google.com/spreadsheets/d/${this.id}/edit`;
  }
  getSheets(): Sheet[] {
    this.hooks.call('Spreadsheet.getSheets');
    return this.sheets.slice();
  }
  getSheetByName(name: string): Sheet | null {
    this.hooks.call('Spreadsheet.getSheetByName');
    return this.sheets.find((s) => s.sheetName === name) ?? null;
  }
  insertSheet(name: string): Sheet {
    this.hooks.call('Spreadsheet.insertSheet');
    if (!this.hooks.mayWrite()) throw noPermission('Spreadsheet.insertSheet');
    if (this.sheets.some((s) => s.sheetName === name)) {
      throw new GasError(
        `A sheet with the name "${name}" already exists. Please enter another name.`,
      );
    }
    const sheet = this.addSheet(name);
    this.activeSheet = sheet;
    return sheet;
  }
  getActiveSheet(): Sheet {
    this.hooks.call('Spreadsheet.getActiveSheet');
    return this.activeSheet;
  }
  getActiveRange(): Range | null {
    this.hooks.call('Spreadsheet.getActiveRange');
    return this.activeRange && this.activeRange.sheet === this.activeSheet
      ? this.activeRange
      : null;
  }
  getRange(a1Notation: string): Range {
    this.hooks.call('Spreadsheet.getRange');
    const p = parseA1(a1Notation);
    const sheet = p.sheet ? this.sheets.find((s) => s.sheetName === p.sheet) : this.activeSheet;
    if (!sheet) throw new GasError(`Range not found: ${a1Notation}`);
    return sheet.getRange(a1Notation.slice(a1Notation.lastIndexOf('!') + 1));
  }
  toast(_message: string, _title?: string): void {
    this.hooks.call('Spreadsheet.toast');
  }

  /** Test and demo helpers (not Apps Script API): load and dump a sheet as CSV. */
  importCsv(sheetName: string, csv: string): Sheet {
    const sheet = this.sheets.find((s) => s.sheetName === sheetName) ?? this.addSheet(sheetName);
    // Imported as Sheets imports with "convert text to formulas" off: a cell is a number or text,
    // never a formula that would run (and show #ERROR! over the user's own value).
    sheet.cells = parseCsv(csv).map((row) =>
      row.map((v) => ({ value: /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v })),
    );
    return sheet;
  }

  exportCsv(sheetName: string): string {
    const sheet = this.sheets.find((s) => s.sheetName === sheetName);
    if (!sheet) throw new Error(`no sheet ${sheetName}`);
    const rows = sheet.lastRow();
    const cols = sheet.lastColumn();
    const out: string[][] = [];
    for (let r = 1; r <= rows; r++) {
      const row: string[] = [];
      for (let c = 1; c <= cols; c++) {
        const cell = sheet.cell(r, c);
        row.push(cell.value === '' && cell.formula ? cell.formula : display(cell.value));
      }
      out.push(row);
    }
    return toCsv(out);
  }
}
