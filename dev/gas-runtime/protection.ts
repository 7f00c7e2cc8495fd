/** Protection: a protected range or sheet, and who may edit it (P2). */
import { GasError } from './errors';
import { Range } from './range';
import { Sheet } from './sheet';
import { Spreadsheet } from './spreadsheet';

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
