/**
 * SpreadsheetApp, in memory: spreadsheets of sheets of cells, with the Range methods the add-on
 * uses. Every call is counted. A string starting with '=' is stored as a formula, as Sheets does;
 * a leading apostrophe marks text and is not part of the value.
 *
 * A sheet is a fixed grid, as in Google (docs/platform-limits.md): a new sheet is 1,000 x 26, a
 * range past its edge throws, and only the insert calls (and appendRow) grow it, within 10 million
 * cells per spreadsheet. An array formula's result spills into cells that remember their formula.
 */
import { wallParts } from './wallClock';
import { a1, columnLetter, parseA1 } from './a1';
import { parseCsv, toCsv } from './csv';
import { GasError, noPermission } from './errors';

export type Value = string | number | boolean | Date;

export interface Cell {
  value: Value;
  formula?: string;
  note?: string;
  /** An array formula's anchor: the id its spilled cells carry. */
  anchor?: number;
  /** A cell showing part of an array formula's result (the anchor's id), not a value of its own. */
  spilledFrom?: number;
  /** A formula a script wrote that Sheets has not calculated yet (it does on flush). */
  pending?: boolean;
  /** The number format (Format > Number): what the cell shows, not what it holds. */
  format?: string;
}

/** Every cell never written: one shared, frozen object (a big read allocates nothing for it). */
const BLANK: Cell = Object.freeze({ value: '' });

/** What a new value keeps of the cell it replaces: its note and its number format, as in Sheets. */
const kept = (old: Cell) => ({
  ...(old.note ? { note: old.note } : {}),
  ...(old.format ? { format: old.format } : {}),
});

/** A new sheet's size (Sheet > Insert, or insertSheet()). */
export const NEW_SHEET_ROWS = 1000;
export const NEW_SHEET_COLUMNS = 26;
/** Cells a spreadsheet may hold, over all its sheets, blank or not. */
export const SPREADSHEET_CELL_LIMIT = 10_000_000;
/** Columns a sheet may have: ZZZ, the last three-letter column (G14). */
export const SHEET_COLUMN_LIMIT = 18_278;
/** The runtime's own words: Google's page on the limit quotes no message. */
export const TOO_MANY_COLUMNS = `This action would increase the number of columns in the sheet above the limit of ${SHEET_COLUMN_LIMIT} columns.`;
/** Characters a cell may hold. */
export const CELL_CHARACTER_LIMIT = 50_000;

export const OUTSIDE_GRID = 'The coordinates of the range are outside the dimensions of the sheet.';
export const TOO_MANY_CELLS = `This action would increase the number of cells in the workbook above the limit of ${SPREADSHEET_CELL_LIMIT} cells.`;
export const TOO_LONG_CELL = `Your input contains more than the maximum of ${CELL_CHARACTER_LIMIT} characters in a single cell.`;

export interface Hooks {
  /** Called on every service call: counts it and enforces the execution limit. */
  call(name: string): void;
  /** False inside a custom function, where Sheets refuses writes. */
  mayWrite(): boolean;
  /** Cells a call carried between the script and Sheets, counted beside the calls. */
  cells(kind: 'read' | 'written', n: number): void;
  /** The person the running execution acts as ('' when no script runs: a form, a test). */
  user(): string;
}

/** Google's refusal of a write into a protected range by someone who may not edit it (P2). */
export const PROTECTED_CELL =
  'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';

/**
 * A protected range, or a whole sheet (`area` null): only its editors and the file's owner may
 * change it (https://developers.google.com/apps-script/reference/spreadsheet/protection).
 */
export class Protection {
  constructor(
    private readonly sheet: Sheet,
    readonly area: { row: number; col: number; rows: number; cols: number } | null,
    public editors: string[],
    public description = '',
  ) {}

  private get book(): Spreadsheet {
    return this.sheet.book;
  }

  covers(sheet: Sheet, row: number, col: number, rows: number, cols: number): boolean {
    const a = this.area;
    if (sheet !== this.sheet) return false;
    if (!a) return true;
    return row < a.row + a.rows && a.row < row + rows && col < a.col + a.cols && a.col < col + cols;
  }

  mayEdit(user: string): boolean {
    return !user || user === this.book.owner || this.editors.includes(user);
  }

  getDescription(): string {
    this.book.hooks.call('Protection.getDescription');
    return this.description;
  }
  setDescription(description: string): this {
    this.book.hooks.call('Protection.setDescription');
    this.description = description;
    return this;
  }
  getEditors(): Array<{ getEmail(): string }> {
    this.book.hooks.call('Protection.getEditors');
    return [...new Set([this.book.owner ?? '', ...this.editors])]
      .filter(Boolean)
      .map((e) => ({ getEmail: () => e }));
  }
  addEditor(email: string): this {
    this.book.hooks.call('Protection.addEditor');
    if (!this.canEditNow()) throw new GasError(PROTECTED_CELL);
    if (!this.editors.includes(email)) this.editors.push(email);
    return this;
  }
  canEdit(): boolean {
    this.book.hooks.call('Protection.canEdit');
    return this.canEditNow();
  }
  private canEditNow(): boolean {
    return this.mayEdit(this.book.hooks.user());
  }
  getProtectionType(): 'RANGE' | 'SHEET' {
    this.book.hooks.call('Protection.getProtectionType');
    return this.area ? 'RANGE' : 'SHEET';
  }
  getRange(): Range {
    this.book.hooks.call('Protection.getRange');
    const a = this.area;
    return a
      ? this.sheet.getRange(a.row, a.col, a.rows, a.cols)
      : this.sheet.getRange(1, 1, this.sheet.maxRows, this.sheet.maxColumns);
  }
  remove(): void {
    this.book.hooks.call('Protection.remove');
    if (!this.canEditNow()) throw new GasError(PROTECTED_CELL);
    this.book.protections = this.book.protections.filter((p) => p !== this);
  }
}

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

function normalise(v: unknown): Cell {
  if (v === null || v === undefined || v === '') return { value: '' };
  if (typeof v === 'string') {
    if (v.length > CELL_CHARACTER_LIMIT) throw new GasError(TOO_LONG_CELL);
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

/**
 * A number as a format shows it, for the patterns this runtime knows: `0`, `0.00`, `#,##0`,
 * `#,##0.0` and each with `%` (the value times 100). Any other pattern shows the number plainly.
 */
function formatNumber(n: number, format: string): string {
  const m = /^(#,##)?0(?:\.(0+))?(%)?$/.exec(format.trim());
  if (!m) return String(n);
  const value = m[3] ? n * 100 : n;
  const text = value.toLocaleString('en-US', {
    useGrouping: !!m[1],
    minimumFractionDigits: m[2]?.length ?? 0,
    maximumFractionDigits: m[2]?.length ?? 0,
  });
  return m[3] ? `${text}%` : text;
}

/** A date or time pattern (Google's tokens: y, m, d, h, s), not a number's. */
const isDateFormat = (format: string): boolean => /[ydhs]/i.test(format.replace(/"[^"]*"/g, ''));

/**
 * A moment as a date pattern shows it in the spreadsheet's zone. `m`/`mm` are minutes right after
 * an hour or before seconds, the month otherwise (Google's rule).
 */
function formatDate(date: Date, format: string, timeZone: string): string {
  const parts = wallParts(date, timeZone);
  const tokens = format.match(/y+|m+|d+|h+|s+|[^ymdhs]+/gi) ?? [];
  let afterHour = false;
  return tokens
    .map((t, i) => {
      const kind = t[0]!.toLowerCase();
      const two = (v: string) => (t.length >= 2 ? v : String(Number(v)));
      if (kind === 'y') return t.length <= 2 ? parts.year!.slice(2) : parts.year!;
      if (kind === 'd') return two(parts.day!);
      if (kind === 'h') return ((afterHour = true), two(parts.hour!));
      if (kind === 's') return two(parts.second!);
      if (kind === 'm') {
        const nextIsSeconds = /^s/i.test(
          tokens.slice(i + 1).find((n) => /^[ymdhs]/i.test(n)) ?? '',
        );
        const minutes = afterHour || nextIsSeconds;
        afterHour = false;
        return two(minutes ? parts.minute! : parts.month!);
      }
      return t;
    })
    .join('');
}

export function display(v: Value, format?: string, timeZone = 'Etc/UTC'): string {
  if (isDate(v) && format && isDateFormat(format)) return formatDate(v as Date, format, timeZone);
  if (typeof v === 'number' && format && !isDateFormat(format)) return formatNumber(v, format);
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
  private grid: Cell[][] = [];
  conditionalRules: ConditionalRule[] = [];
  frozenRows = 0;
  charts: EmbeddedChart[] = [];
  private nextChartId = 1;
  /** The basic filter (Data > Create a filter): the rows it hides, or null when there is none. */
  private filter: Set<number> | null = null;
  /** The grid's size: cells exist only inside it. */
  maxRows = NEW_SHEET_ROWS;
  maxColumns = NEW_SHEET_COLUMNS;

  constructor(
    readonly book: Spreadsheet,
    private name: string,
    readonly id: number,
  ) {}

  private call(name: string): void {
    this.book.hooks.call(`Sheet.${name}`);
  }

  /**
   * What tests, the demo and the runtime itself read and load directly: uncounted, and named
   * unlike anything the add-on can call (`getLastRow`, `getName` are counted Sheets calls).
   */
  readonly probe = this.makeProbe();

  private makeProbe() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the probe's getters have their own `this`
    const sheet = this;
    return {
      /**
       * The rows as stored, down to the last one holding anything but a number format (formats
       * reach down the grid, data does not). Setting them loads data, growing the grid to fit.
       */
      get rows(): Cell[][] {
        return sheet.grid.slice(0, sheet.contentRows());
      },
      set rows(rows: Cell[][]) {
        sheet.grid = rows;
        sheet.edits++;
        sheet.growTo(rows.length, Math.max(0, ...rows.map((r) => r.length)));
      },
      get title(): string {
        return sheet.name;
      },
      /** Puts a cell as it is (no parsing, no spill rules), growing the grid to fit. */
      place(row: number, col: number, cell: Cell): void {
        sheet.growTo(row, col);
        sheet.store(row, col, cell);
      },
      /** A cell's number format ('' when it has none), wherever it is in the grid. */
      formatAt: (row: number, col: number): string => sheet.cell(row, col).format ?? '',
      /** The last row holding a value or a formula, as getLastRow answers. */
      filledRows: (): number => sheet.filledRows(),
      /**
       * Someone protects a block (`a1` like "D1:F1000") or the whole sheet (null) so that only
       * `editors` (and the file's owner) may edit it, as Data > Protect sheets and ranges does.
       */
      protect(a1: string | null, editors: string[], description = ''): Protection {
        const r = a1 ? sheet.getRange(a1) : null;
        const area = r ? { row: r.row, col: r.col, rows: r.numRows, cols: r.numCols } : null;
        const p = new Protection(sheet, area, editors, description);
        sheet.book.protections.push(p);
        return p;
      },
      /** A person filters the sheet (a basic filter) so that these rows are hidden; null removes it. */
      filterHiding(rows: number[] | null): void {
        sheet.filter = rows ? new Set(rows) : null;
      },
    };
  }

  /** A grid sized for data loaded from outside (an import, a test's fixture). */
  private growTo(rows: number, columns: number): void {
    this.maxRows = Math.max(this.maxRows, rows);
    this.maxColumns = Math.max(this.maxColumns, columns);
  }

  cell(row: number, col: number): Cell {
    return this.grid[row - 1]?.[col - 1] ?? BLANK;
  }

  /** Row `row`'s cells as stored (shorter than the grid, or absent, where the rest is blank). */
  cellsOf(row: number): readonly Cell[] | undefined {
    return this.grid[row - 1];
  }

  /** What a person typing into a cell does: parsed as Sheets parses typing, and no script call. */
  typeIn(row: number, col: number, text: string): void {
    this.growTo(row, col);
    this.write(row, col, normalise(text));
  }

  /** Stores a cell inside the grid (the runtime's own writes). */
  store(row: number, col: number, cell: Cell): void {
    if (row > this.maxRows || col > this.maxColumns) throw new GasError(OUTSIDE_GRID);
    this.edits++;
    while (this.grid.length < row) this.grid.push([]);
    const r = this.grid[row - 1] as Cell[];
    while (r.length < col) r.push({ value: '' });
    r[col - 1] = cell;
  }

  /**
   * A value or formula written over a cell, with Sheets' spill rules: replacing an array formula
   * clears its result; a value typed into a spilled cell blocks the result (#REF!); clearing a
   * spilled cell changes nothing, since the formula still fills it.
   */
  write(row: number, col: number, cell: Cell): void {
    const old = this.cell(row, col);
    if (old.anchor !== undefined) this.clearSpill(old.anchor);
    if (old.spilledFrom !== undefined) {
      if (cell.value === '' && !cell.formula) return;
      this.blockSpill(old.spilledFrom, row, col);
    }
    const kept: Cell = { value: cell.value };
    if (cell.formula) Object.assign(kept, { formula: cell.formula, pending: true });
    if (cell.note) kept.note = cell.note;
    if (cell.format) kept.format = cell.format;
    this.store(row, col, kept);
  }

  /** Every spilled cell of an anchor back to blank. */
  clearSpill(anchor: number): void {
    this.edits++;
    for (const r of this.grid)
      r.forEach((c, i) => {
        if (c.spilledFrom === anchor) r[i] = { value: '', ...kept(c) };
      });
  }

  /** Where an anchor is, by its id (its position moves as rows are inserted and deleted). */
  findAnchor(anchor: number): { row: number; col: number } | null {
    for (let r = 0; r < this.grid.length; r++) {
      const c = (this.grid[r] ?? []).findIndex((cell) => cell.anchor === anchor);
      if (c >= 0) return { row: r + 1, col: c + 1 };
    }
    return null;
  }

  private blockSpill(anchor: number, row: number, col: number): void {
    this.clearSpill(anchor);
    const at = this.findAnchor(anchor);
    if (!at) return;
    const cell = this.cell(at.row, at.col);
    this.store(at.row, at.col, { ...cell, value: '#REF!', anchor });
    this.book.spillErrors.set(
      anchor,
      `Array result was not expanded because it would overwrite data in ${a1(row, col, 1, 1)}.`,
    );
  }

  /**
   * Bumped by every change the runtime makes to the grid: the content scan below is cached on it
   * (a grid formatted down its 1,000 rows would otherwise be scanned on every getLastRow). A test
   * that edits a cell object in place edits a row inside the content, which this does not change.
   */
  private edits = 0;
  private content = { at: -1, rows: 0 };

  /** The last row holding anything but a number format: a value, a formula or a note. */
  private contentRows(): number {
    if (this.content.at === this.edits) return this.content.rows;
    let last = this.grid.length;
    while (last > 0 && this.grid[last - 1]!.every((c) => c.value === '' && !c.formula && !c.note))
      last--;
    this.content = { at: this.edits, rows: last };
    return last;
  }

  private filledRows(): number {
    for (let r = this.contentRows(); r > 0; r--) {
      if ((this.grid[r - 1] ?? []).some((c) => c.value !== '' || c.formula)) return r;
    }
    return 0;
  }

  lastColumn(): number {
    let max = 0;
    for (const row of this.grid) {
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
  getSheetId(): number {
    this.call('getSheetId');
    return this.id;
  }
  getParent(): Spreadsheet {
    return this.book;
  }
  getLastRow(): number {
    this.call('getLastRow');
    return this.filledRows();
  }
  getLastColumn(): number {
    this.call('getLastColumn');
    return this.lastColumn();
  }
  getMaxRows(): number {
    this.call('getMaxRows');
    return this.maxRows;
  }
  getMaxColumns(): number {
    this.call('getMaxColumns');
    return this.maxColumns;
  }
  /** The sheet's basic filter, or null. Filter views are per person and not seen by scripts. */
  getFilter(): { getRange(): Range } | null {
    this.call('getFilter');
    if (!this.filter) return null;
    return {
      getRange: () => new Range(this, 1, 1, this.filledRows() || 1, this.lastColumn() || 1),
    };
  }
  isRowHiddenByFilter(row: number): boolean {
    this.call('isRowHiddenByFilter');
    if (row < 1 || row > this.maxRows) throw new GasError(OUTSIDE_GRID);
    return this.filter?.has(row) ?? false;
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
    if (typeof a === 'string') return this.rangeAt(a);
    if (col === undefined)
      throw new GasError(
        "The parameters (number) don't match the method signature for SpreadsheetApp.Sheet.getRange.",
      );
    return this.range(a, col, numRows, numCols);
  }

  /** The ranges of several A1 notations in one call (Sheet.getRangeList). */
  getRangeList(a1Notations: string[]): RangeList {
    this.call('getRangeList');
    return new RangeList(
      this,
      a1Notations.map((a) => this.rangeAt(a)),
    );
  }

  private rangeAt(a1Notation: string): Range {
    const p = parseA1(a1Notation);
    // Whole rows (5:7) span every column; an open-ended reference (A2:A) and whole columns
    // (B:B) run to the grid's last row, blank or not.
    const range = this.range(
      p.row,
      p.col,
      p.numRows ?? this.maxRows - p.row + 1,
      p.whole === 'rows' ? this.maxColumns : p.numCols,
    );
    if (p.whole) range.whole = p.whole;
    return range;
  }

  /** A range, refused past the grid's edge as Google refuses it. */
  range(row: number, col: number, numRows: number, numCols: number): Range {
    if (
      row < 1 ||
      col < 1 ||
      numRows < 1 ||
      numCols < 1 ||
      row + numRows - 1 > this.maxRows ||
      col + numCols - 1 > this.maxColumns
    )
      throw new GasError(OUTSIDE_GRID);
    return new Range(this, row, col, numRows, numCols);
  }

  getProtections(type: 'RANGE' | 'SHEET'): Protection[] {
    this.call('getProtections');
    return this.book.protections.filter(
      (p) =>
        p.covers(this, 1, 1, this.maxRows, this.maxColumns) &&
        (p.area ? 'RANGE' : 'SHEET') === type,
    );
  }

  /** Protects the whole sheet: only the person protecting it and the file's owner may edit it. */
  protect(): Protection {
    this.call('protect');
    const p = new Protection(this, null, [this.book.hooks.user()].filter(Boolean));
    this.book.protections.push(p);
    return p;
  }

  getDataRange(): Range {
    this.call('getDataRange');
    return new Range(this, 1, 1, Math.max(1, this.filledRows()), Math.max(1, this.lastColumn()));
  }

  private guard(what: string): void {
    if (!this.book.hooks.mayWrite()) throw noPermission(what);
  }

  /** The grid grows by whole rows or columns, within the spreadsheet's cell limit. */
  private grow(rows: number, columns: number): void {
    const added = rows * this.maxColumns + columns * (this.maxRows + rows);
    if (this.book.cellCount() + added > SPREADSHEET_CELL_LIMIT) throw new GasError(TOO_MANY_CELLS);
    if (this.maxColumns + columns > SHEET_COLUMN_LIMIT) throw new GasError(TOO_MANY_COLUMNS);
    this.maxRows += rows;
    this.maxColumns += columns;
  }

  private checkPosition(position: number, max: number, howMany: number): void {
    if (!Number.isInteger(position) || position < 1 || position > max)
      throw new GasError(OUTSIDE_GRID);
    if (!Number.isInteger(howMany) || howMany < 1)
      throw new GasError('The number of rows or columns to insert must be positive.');
  }

  insertColumnAfter(col: number): Sheet {
    return this.insertColumnsAfter(col, 1);
  }
  insertColumnsAfter(col: number, howMany: number): Sheet {
    return this.insert('insertColumnsAfter', 'columns', col, howMany, col);
  }
  insertColumnsBefore(col: number, howMany: number): Sheet {
    return this.insert('insertColumnsBefore', 'columns', col, howMany, col - 1);
  }
  insertRowsAfter(row: number, howMany: number): Sheet {
    return this.insert('insertRowsAfter', 'rows', row, howMany, row);
  }
  insertRowsBefore(row: number, howMany: number): Sheet {
    return this.insert('insertRowsBefore', 'rows', row, howMany, row - 1);
  }

  /** Blank rows or columns inserted at a 0-based index: what is after them shifts, the grid grows. */
  private insert(
    method: string,
    what: 'rows' | 'columns',
    position: number,
    howMany: number,
    index: number,
  ): Sheet {
    this.call(method);
    this.guard(`Sheet.${method}`);
    this.checkPosition(position, what === 'rows' ? this.maxRows : this.maxColumns, howMany);
    if (what === 'rows') {
      this.grow(howMany, 0);
      this.edits++;
      if (this.grid.length > index)
        this.grid.splice(index, 0, ...Array.from({ length: howMany }, () => [] as Cell[]));
      return this;
    }
    this.grow(0, howMany);
    for (const row of this.grid)
      if (row.length > index)
        row.splice(index, 0, ...Array.from({ length: howMany }, () => ({ value: '' as Value })));
    return this;
  }

  /** Writes a row below the last one with content, growing the sheet by one row when it is full. */
  appendRow(values: unknown[]): Sheet {
    this.call('appendRow');
    this.guard('Sheet.appendRow');
    const row = this.filledRows() + 1;
    this.book.refuseProtected(this, row, 1, 1, Math.max(1, values.length));
    if (row > this.maxRows) this.grow(1, 0);
    if (values.length > this.maxColumns) this.grow(0, values.length - this.maxColumns);
    values.forEach((v, i) => this.write(row, i + 1, normalise(v)));
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
        chart.ranges.push(`${range.sheet.probe.title}!${range.getA1Notation()}`),
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
    // "Clears the sheet of contents, while preserving formatting information."
    this.edits++;
    this.grid = this.grid.map((row) => row.map((c) => ({ value: '', ...kept(c) })));
    return this;
  }

  deleteRows(row: number, howMany: number): Sheet {
    this.call('deleteRows');
    this.guard('Sheet.deleteRows');
    if (row < 1 || howMany < 1 || row + howMany - 1 > this.maxRows)
      throw new GasError('Those rows are out of bounds.');
    if (howMany >= this.maxRows - this.frozenRows)
      throw new GasError('Sorry, it is not possible to delete all non-frozen rows.');
    this.edits++;
    this.grid.splice(row - 1, howMany);
    this.maxRows -= howMany;
    return this;
  }

  deleteRow(row: number): Sheet {
    return this.deleteRows(row, 1);
  }

  /** Sorts the rows below the frozen (or first) row by a column, as a user does from the menu. */
  sort(col: number, ascending = true): Sheet {
    this.call('sort');
    this.guard('Sheet.sort');
    const head = Math.max(1, this.frozenRows);
    const body = this.grid.slice(head);
    body.sort(byColumn((r) => r[col - 1]?.value ?? '', ascending));
    this.edits++;
    this.grid = [...this.grid.slice(0, head), ...body];
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

/** Rows compared by one cell: blank cells go last whichever the direction, as Sheets sorts them. */
function byColumn<R>(key: (row: R) => Value, ascending: boolean): (x: R, y: R) => number {
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
    return this.write(values, (old, v) => ({ ...normalise(v), ...kept(old) }), 'setValues');
  }
  setValue(value: unknown): Range {
    this.call('setValue', 'written');
    this.guard('setValue');
    const old = this.sheet.cell(this.row, this.col);
    this.sheet.write(this.row, this.col, { ...normalise(value), ...kept(old) });
    return this;
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

/**
 * What developer metadata may hold in one spreadsheet. Google's Sheets API guide states a limit on
 * the characters of all metadata at one location; its page was not in the library, so this is the
 * 30,000 characters remembered from it and the message is ours (docs/platform-limits.md, D1).
 */
const METADATA_CHARACTER_LIMIT = 30000;
const METADATA_TOO_LARGE =
  'Developer metadata is too large: a spreadsheet holds 30,000 characters of it.';

/** Who may read an entry: every script of every editor (DOCUMENT), or this project alone (D2). */
export type MetadataVisibility = 'DOCUMENT' | 'PROJECT';

/**
 * The project whose code the runtime runs (the add-on). Another name stands for a script an editor
 * runs on the same file: its PROJECT-visible entries are never shown to the add-on, its
 * DOCUMENT-visible ones are (D2).
 */
export const ADDON_PROJECT = 'add-on';

export class DeveloperMetadata {
  constructor(
    private readonly book: Spreadsheet,
    private readonly id: number,
    private readonly key: string,
    private value: string | null,
    readonly visibility: MetadataVisibility = 'DOCUMENT',
    readonly project: string = ADDON_PROJECT,
  ) {}
  /** Whether the add-on's code sees this entry at all (D2). */
  visibleToAddon(): boolean {
    return this.visibility === 'DOCUMENT' || this.project === ADDON_PROJECT;
  }
  getVisibility(): MetadataVisibility {
    this.book.hooks.call('DeveloperMetadata.getVisibility');
    return this.visibility;
  }
  size(): number {
    return this.key.length + (this.value?.length ?? 0);
  }
  getId(): number {
    this.book.hooks.call('DeveloperMetadata.getId');
    return this.id;
  }
  getKey(): string {
    this.book.hooks.call('DeveloperMetadata.getKey');
    return this.key;
  }
  getValue(): string | null {
    this.book.hooks.call('DeveloperMetadata.getValue');
    return this.value;
  }
  setValue(value: string): this {
    this.book.hooks.call('DeveloperMetadata.setValue');
    this.book.metadataChanged(this, false, value.length - (this.value?.length ?? 0));
    this.value = value;
    return this;
  }
  remove(): void {
    this.book.hooks.call('DeveloperMetadata.remove');
    this.book.metadataChanged(this, true);
  }
}

export class Spreadsheet {
  sheets: Sheet[] = [];
  activeSheet: Sheet;
  activeRange: Range | null = null;
  private nextSheetId = 0;
  /** Why an array formula shows #REF!, by its anchor id (what Sheets shows on hover). */
  readonly spillErrors = new Map<number, string>();

  constructor(
    readonly id: string,
    readonly name: string,
    public hooks: Hooks,
  ) {
    this.activeSheet = this.addSheet('Sheet1');
  }

  /** Cells of every sheet's grid, blank or not: what the 10-million limit counts. */
  cellCount(): number {
    return this.sheets.reduce((n, s) => n + s.maxRows * s.maxColumns, 0);
  }

  addSheet(name: string): Sheet {
    if (
      this.sheets.length &&
      this.cellCount() + NEW_SHEET_ROWS * NEW_SHEET_COLUMNS > SPREADSHEET_CELL_LIMIT
    )
      throw new GasError(TOO_MANY_CELLS);
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
  /**
   * The file's owner (custom functions read this user's properties); null for a file in a shared
   * drive, which has none (P3).
   */
  owner: string | null = '';

  /** Protected ranges and sheets (Data > Protect sheets and ranges), in the order made. */
  protections: Protection[] = [];

  /** A write by the running execution's person into a block a protection keeps from them (P2). */
  refuseProtected(sheet: Sheet, row: number, col: number, rows: number, cols: number): void {
    const user = this.hooks.user();
    if (this.protections.some((p) => p.covers(sheet, row, col, rows, cols) && !p.mayEdit(user)))
      throw new GasError(PROTECTED_CELL);
  }

  getProtections(type: 'RANGE' | 'SHEET'): Protection[] {
    this.hooks.call('Spreadsheet.getProtections');
    return this.protections.filter((p) => (p.area ? 'RANGE' : 'SHEET') === type);
  }
  getOwner(): { getEmail(): string } | null {
    this.hooks.call('Spreadsheet.getOwner');
    const owner = this.owner;
    return owner === null ? null : { getEmail: () => owner };
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
    return this.sheets.find((s) => s.probe.title === name) ?? null;
  }
  insertSheet(name: string): Sheet {
    this.hooks.call('Spreadsheet.insertSheet');
    if (!this.hooks.mayWrite()) throw noPermission('Spreadsheet.insertSheet');
    if (this.sheets.some((s) => s.probe.title === name)) {
      throw new GasError(
        `A sheet with the name "${name}" already exists. Please enter another name.`,
      );
    }
    const sheet = this.addSheet(name);
    this.activeSheet = sheet;
    return sheet;
  }
  deleteSheet(sheet: Sheet): void {
    this.hooks.call('Spreadsheet.deleteSheet');
    if (!this.hooks.mayWrite()) throw noPermission('Spreadsheet.deleteSheet');
    if (this.sheets.length === 1)
      throw new GasError("You can't remove all the sheets in a document.");
    this.sheets = this.sheets.filter((s) => s !== sheet);
    if (this.activeSheet === sheet) this.activeSheet = this.sheets[0]!;
  }
  /**
   * Spreadsheet-level developer metadata: key-value pairs stored in the file, so every editor and
   * a trigger that opened the file by ID read the same values
   * (https://developers.google.com/apps-script/reference/spreadsheet/developer-metadata).
   */
  private metadata: DeveloperMetadata[] = [];
  private nextMetadataId = 1;
  /** As Apps Script overloads it: (key), (key, value), (key, visibility), (key, value, visibility). */
  addDeveloperMetadata(key: string, valueOrVisibility?: string, visibility?: string): this {
    this.hooks.call('Spreadsheet.addDeveloperMetadata');
    if (!this.hooks.mayWrite()) throw noPermission('Spreadsheet.addDeveloperMetadata');
    const isVisibility = (v: unknown): v is MetadataVisibility =>
      v === 'DOCUMENT' || v === 'PROJECT';
    const value = isVisibility(valueOrVisibility) ? undefined : valueOrVisibility;
    const seen = isVisibility(valueOrVisibility) ? valueOrVisibility : visibility;
    this.checkMetadataSize(key.length + (value?.length ?? 0));
    this.metadata.push(
      new DeveloperMetadata(
        this,
        this.nextMetadataId++,
        key,
        value ?? null,
        isVisibility(seen) ? seen : 'DOCUMENT',
      ),
    );
    return this;
  }
  getDeveloperMetadata(): DeveloperMetadata[] {
    this.hooks.call('Spreadsheet.getDeveloperMetadata');
    return this.metadata.filter((m) => m.visibleToAddon());
  }
  /**
   * What an editor's own script writes to the file (a test's or the season's forgery): an entry of
   * another project, DOCUMENT-visible (the add-on sees it) or PROJECT-visible (it does not).
   */
  addForeignDeveloperMetadata(
    project: string,
    key: string,
    value: string,
    visibility: MetadataVisibility,
  ): void {
    if (project === ADDON_PROJECT) throw new Error('A foreign entry needs another project name.');
    this.checkMetadataSize(key.length + value.length);
    this.metadata.push(
      new DeveloperMetadata(this, this.nextMetadataId++, key, value, visibility, project),
    );
  }
  /** @internal DeveloperMetadata's own calls. */
  metadataChanged(md: DeveloperMetadata, removed: boolean, grows = 0): void {
    if (!this.hooks.mayWrite()) throw noPermission('DeveloperMetadata.setValue');
    if (removed) this.metadata = this.metadata.filter((m) => m !== md);
    else this.checkMetadataSize(grows);
  }
  private checkMetadataSize(adding: number): void {
    const used = this.metadata.reduce((n, m) => n + m.size(), 0);
    if (used + adding > METADATA_CHARACTER_LIMIT) throw new GasError(METADATA_TOO_LARGE);
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
    const sheet = p.sheet ? this.sheets.find((s) => s.probe.title === p.sheet) : this.activeSheet;
    if (!sheet) throw new GasError(`Range not found: ${a1Notation}`);
    return sheet.getRange(a1Notation.slice(a1Notation.lastIndexOf('!') + 1));
  }
  /** What `toast` showed, oldest first: Sheets shows each for a few seconds at the bottom right. */
  readonly toasts: Array<{ message: string; title: string }> = [];
  toast(message: string, title = ''): void {
    this.hooks.call('Spreadsheet.toast');
    this.toasts.push({ message: String(message), title: String(title) });
  }

  /** Test and demo helpers (not Apps Script API): load and dump a sheet as CSV. */
  importCsv(sheetName: string, csv: string): Sheet {
    const sheet = this.sheets.find((s) => s.probe.title === sheetName) ?? this.addSheet(sheetName);
    // Imported as Sheets imports with "convert text to formulas" off: a cell is a number or text,
    // never a formula that would run (and show #ERROR! over the user's own value). Only a number
    // written as Sheets would show it becomes one: `00123` or `1.50` stays the user's text, so a
    // list goes out as it came in. Sheets sizes an imported sheet to its data.
    sheet.probe.rows = parseCsv(csv).map((row) =>
      row.map((v) => ({
        value: /^-?\d+(\.\d+)?$/.test(v) && String(Number(v)) === v ? Number(v) : v,
      })),
    );
    return sheet;
  }

  exportCsv(sheetName: string, separator?: string): string {
    const sheet = this.sheets.find((s) => s.probe.title === sheetName);
    if (!sheet) throw new Error(`no sheet ${sheetName}`);
    const rows = sheet.probe.filledRows();
    const cols = sheet.lastColumn();
    const out: string[][] = [];
    for (let r = 1; r <= rows; r++) {
      const row: string[] = [];
      for (let c = 1; c <= cols; c++) {
        const cell = sheet.cell(r, c);
        // As File > Download > CSV writes it: what each cell shows.
        row.push(
          cell.value === '' && cell.formula
            ? cell.formula
            : display(cell.value, cell.format, this.timeZone),
        );
      }
      out.push(row);
    }
    return toCsv(out, separator);
  }
}
