/**
 * Sheet: a fixed grid of cells, as in Google (docs/platform-limits.md): a new sheet is 1,000 x 26, a
 * range past its edge throws, and only the insert calls (and appendRow) grow it. An array
 * formula's result spills into cells that remember their formula.
 */
import { a1, parseA1 } from './a1';
import {
  BLANK,
  type Cell,
  kept,
  NEW_SHEET_COLUMNS,
  NEW_SHEET_ROWS,
  normalise,
  OUTSIDE_GRID,
  SHEET_COLUMN_LIMIT,
  SPREADSHEET_CELL_LIMIT,
  TOO_MANY_CELLS,
  TOO_MANY_COLUMNS,
  type Value,
} from './cell';
import { GasError, noPermission } from './errors';
import { PROTECTED_CELL, Protection } from './protection';
import { byColumn, Range, RangeList } from './range';
import { Spreadsheet } from './spreadsheet';
import { violates } from './validation';

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
      /** A form linked to the sheet (Forms does it as its first response arrives, T6). */
      linkForm(url: string): void {
        sheet.formUrl ??= url;
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

  /**
   * What a person typing into a cell does: parsed as Sheets parses typing, refused by a rejecting
   * rule as the script's writes are (V2), and no script call.
   */
  typeIn(row: number, col: number, text: string): void {
    this.growTo(row, col);
    const cell = normalise(text, this.book.reading());
    this.refuseInvalid(row, col, cell);
    this.write(row, col, cell);
  }

  /** A rejecting data validation rule's refusal of `cell` written over (row, col) (V2). */
  refuseInvalid(row: number, col: number, cell: Cell): void {
    const rule = this.cell(row, col).validation;
    // A formula's result is checked when it is calculated; the runtime lets it in (V3).
    if (rule && !rule.allowInvalid && !cell.formula && !rule.accepts(cell.value))
      throw new GasError(violates(row, col));
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
    const rule = cell.validation ?? old.validation;
    if (rule) kept.validation = rule;
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
    this.guardStructure('Sheet.setName', null);
    this.name = name;
    return this;
  }
  getSheetId(): number {
    this.call('getSheetId');
    return this.id;
  }
  /** The form whose responses this sheet receives (T6), set when Forms links it; else null. */
  formUrl: string | null = null;
  getFormUrl(): string | null {
    this.call('getFormUrl');
    return this.formUrl;
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
    this.guardStructure('Sheet.setFrozenRows', null);
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

  /**
   * A change of the sheet's structure by someone a protection leaves out (P4): the whole sheet's
   * protection refuses every one; a protected range refuses what would move or remove its cells
   * (`rows`: the rows touched, or 'all' for the whole sheet's contents).
   */
  private guardStructure(what: string, rows: { row: number; count: number } | 'all' | null): void {
    this.guard(what);
    const user = this.book.hooks.user();
    const span = rows === 'all' ? { row: 1, count: this.maxRows } : rows;
    const refusing = this.book.protections.some(
      (p) =>
        !p.mayEdit(user) &&
        p.covers(this, span?.row ?? 1, 1, span?.count ?? this.maxRows, this.maxColumns) &&
        (p.area === null || span !== null),
    );
    if (refusing) throw new GasError(PROTECTED_CELL);
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
    this.guardStructure(`Sheet.${method}`, null);
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
    const reading = this.book.reading();
    const cells = values.map((v) => normalise(v, reading));
    cells.forEach((cell, i) => this.refuseInvalid(row, i + 1, cell));
    cells.forEach((cell, i) => this.write(row, i + 1, cell));
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
    this.guardStructure('Sheet.clearContents', 'all');
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
    this.guardStructure('Sheet.deleteRows', { row, count: howMany });
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
    const head = Math.max(1, this.frozenRows);
    this.guardStructure('Sheet.sort', { row: head + 1, count: Math.max(1, this.maxRows - head) });
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
