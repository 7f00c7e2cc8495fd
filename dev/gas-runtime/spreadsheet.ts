/**
 * SpreadsheetApp, in memory: spreadsheets of sheets of cells, with the methods the add-on uses, one
 * module per Google class (Spreadsheet here; Sheet, Range, Protection, DeveloperMetadata and the
 * cell beside it, all re-exported from here). Every call is counted. A string starting with '=' is
 * stored as a formula, as Sheets does; a leading apostrophe marks text and is not part of the
 * value. A spreadsheet holds at most 10 million cells over its sheets.
 */
import { parseA1 } from './a1';
import {
  display,
  type Hooks,
  NEW_SHEET_COLUMNS,
  NEW_SHEET_ROWS,
  SPREADSHEET_CELL_LIMIT,
  TOO_MANY_CELLS,
} from './cell';
import { parseCsv, toCsv } from './csv';
import {
  ADDON_PROJECT,
  DeveloperMetadata,
  METADATA_CHARACTER_LIMIT,
  METADATA_TOO_LARGE,
  type MetadataVisibility,
} from './developerMetadata';
import { GasError, noPermission } from './errors';
import { PROTECTED_CELL, Protection } from './protection';
import type { Locale, Reading } from './typedText';
import { Range } from './range';
import { Sheet } from './sheet';

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
  /** Its locale (File > Settings), which decides how typed text is read (G15). */
  locale: Locale = 'en_US';
  getSpreadsheetLocale(): string {
    this.hooks.call('Spreadsheet.getSpreadsheetLocale');
    return this.locale;
  }
  /** How this book reads text written to it, now. */
  reading(): Reading {
    return { locale: this.locale, timeZone: this.timeZone, now: this.hooks.now() };
  }
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
    // Names are unique whatever their case: "leads" is refused beside "Leads" (G16).
    if (this.sheets.some((s) => s.probe.title.toLowerCase() === String(name).toLowerCase())) {
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
    // A protected sheet, or one holding a protected range, goes only by its editors' hand (P4).
    if (
      this.protections.some(
        (p) =>
          p.covers(sheet, 1, 1, sheet.maxRows, sheet.maxColumns) && !p.mayEdit(this.hooks.user()),
      )
    )
      throw new GasError(PROTECTED_CELL);
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
  /**
   * Another project's script fills what is left of the file's metadata room with entries the
   * add-on cannot see (PROJECT-visible, not its own), or (`full` false) removes every entry of that
   * project again, as its owner would.
   */
  fillForeignDeveloperMetadata(project: string, full = true): void {
    if (!full) {
      this.metadata = this.metadata.filter((m) => m.project !== project);
      return;
    }
    const used = this.metadata.reduce((n, m) => n + m.size(), 0);
    const room = METADATA_CHARACTER_LIMIT - used - 1;
    if (room > 0) this.addForeignDeveloperMetadata(project, 'b', 'x'.repeat(room), 'PROJECT');
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

export * from './cell';
export * from './protection';
export * from './sheet';
export * from './range';
export * from './developerMetadata';
