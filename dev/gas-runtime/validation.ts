/**
 * Data validation (V1 to V3 in docs/platform-limits.md): a rule on a cell, built with
 * `SpreadsheetApp.newDataValidation()`, that either warns (`setAllowInvalid(true)`, Google's
 * default) or rejects. A rejecting rule refuses a script's whole write when one value of it fails,
 * as it refuses a person's typing.
 */
import { a1 } from './a1';
import type { Value } from './cell';
import { GasError } from './errors';
import type { Range } from './range';

/** The criteria this runtime evaluates, named as `SpreadsheetApp.DataValidationCriteria` names them. */
export const CRITERIA = [
  'CHECKBOX',
  'VALUE_IN_LIST',
  'VALUE_IN_RANGE',
  'NUMBER_BETWEEN',
  'NUMBER_NOT_BETWEEN',
  'NUMBER_EQUAL_TO',
  'NUMBER_NOT_EQUAL_TO',
  'NUMBER_GREATER_THAN',
  'NUMBER_GREATER_THAN_OR_EQUAL_TO',
  'NUMBER_LESS_THAN',
  'NUMBER_LESS_THAN_OR_EQUAL_TO',
  'DATE_IS_VALID_DATE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EQUAL_TO',
  'TEXT_IS_VALID_EMAIL',
  'TEXT_IS_VALID_URL',
  'CUSTOM_FORMULA',
] as const;
export type Criteria = (typeof CRITERIA)[number];

/** Google's words when a rejecting rule refuses a value (as Sheets gives them; see V2). */
export const violates = (row: number, col: number) =>
  `The data you entered in cell ${a1(row, col, 1, 1)} violates the data validation rules set on this cell.`;

/** What a range-list rule reads its allowed values from: the range's cells now. */
function cellsOf(range: Range): Value[] {
  const out: Value[] = [];
  for (let r = 0; r < range.numRows; r++)
    for (let c = 0; c < range.numCols; c++)
      out.push(range.sheet.cell(range.row + r, range.col + c).value);
  return out;
}

export class DataValidation {
  constructor(
    readonly criteria: Criteria,
    readonly args: unknown[],
    readonly allowInvalid: boolean,
    readonly helpText: string | null,
    /** What a custom formula accepts: the runtime computes no formulas, so a test says. */
    readonly formulaAccepts: ((v: Value) => boolean) | null = null,
  ) {}

  getCriteriaType(): Criteria {
    return this.criteria;
  }
  getCriteriaValues(): unknown[] {
    return this.args.slice();
  }
  getAllowInvalid(): boolean {
    return this.allowInvalid;
  }
  getHelpText(): string | null {
    return this.helpText;
  }
  copy(): DataValidationBuilder {
    return new DataValidationBuilder(this);
  }

  /**
   * Whether the rule lets `v` in. A blank always passes (clearing a validated cell is allowed);
   * a custom formula the test has not explained passes nothing else, so the runtime is never
   * kinder than the formula could be.
   */
  accepts(v: Value): boolean {
    if (v === '') return true;
    const [x, y] = this.args;
    const n = typeof v === 'number' ? v : NaN;
    const date = v instanceof Date ? v.getTime() : NaN;
    const text = typeof v === 'string' ? v : null;
    switch (this.criteria) {
      case 'CHECKBOX':
        return this.args.length === 0 ? typeof v === 'boolean' : this.args.some((a) => a === v);
      case 'VALUE_IN_LIST':
        return (x as unknown[]).some((item) => String(item) === shown(v));
      case 'VALUE_IN_RANGE':
        return cellsOf(x as Range).some((item) => shown(item) === shown(v));
      case 'NUMBER_BETWEEN':
        return n >= Number(x) && n <= Number(y);
      case 'NUMBER_NOT_BETWEEN':
        return n < Number(x) || n > Number(y);
      case 'NUMBER_EQUAL_TO':
        return n === Number(x);
      case 'NUMBER_NOT_EQUAL_TO':
        return !Number.isNaN(n) && n !== Number(x);
      case 'NUMBER_GREATER_THAN':
        return n > Number(x);
      case 'NUMBER_GREATER_THAN_OR_EQUAL_TO':
        return n >= Number(x);
      case 'NUMBER_LESS_THAN':
        return n < Number(x);
      case 'NUMBER_LESS_THAN_OR_EQUAL_TO':
        return n <= Number(x);
      case 'DATE_IS_VALID_DATE':
        return !Number.isNaN(date);
      case 'DATE_AFTER':
        return date > (x as Date).getTime();
      case 'DATE_BEFORE':
        return date < (x as Date).getTime();
      case 'TEXT_CONTAINS':
        return shown(v).includes(String(x));
      case 'TEXT_DOES_NOT_CONTAIN':
        return !shown(v).includes(String(x));
      case 'TEXT_EQUAL_TO':
        return shown(v) === String(x);
      case 'TEXT_IS_VALID_EMAIL':
        return text !== null && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
      case 'TEXT_IS_VALID_URL':
        return text !== null && /^(https?:\/\/)?[^\s/.]+\.[^\s]+$/i.test(text);
      case 'CUSTOM_FORMULA':
        return this.formulaAccepts?.(v) ?? false;
    }
  }
}

/** A value as a list rule compares it: its text. */
function shown(v: Value): string {
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

export class DataValidationBuilder {
  private criteria: Criteria | null;
  private args: unknown[];
  private allowInvalid: boolean;
  private helpText: string | null;
  private formulaAccepts: ((v: Value) => boolean) | null;

  constructor(from?: DataValidation) {
    this.criteria = from?.criteria ?? null;
    this.args = from?.args.slice() ?? [];
    // "The default for new data validation rules is true" (Class DataValidation).
    this.allowInvalid = from?.allowInvalid ?? true;
    this.helpText = from?.helpText ?? null;
    this.formulaAccepts = from?.formulaAccepts ?? null;
  }

  private require(criteria: Criteria, ...args: unknown[]): this {
    this.criteria = criteria;
    this.args = args;
    return this;
  }

  requireCheckbox(checked?: unknown, unchecked?: unknown): this {
    const args = [checked, unchecked].filter((a) => a !== undefined);
    return this.require('CHECKBOX', ...args);
  }
  requireValueInList(values: unknown[], showDropdown = true): this {
    if (!Array.isArray(values) || values.length === 0)
      throw new GasError('Invalid argument: values');
    return this.require('VALUE_IN_LIST', values.slice(), showDropdown);
  }
  requireValueInRange(range: Range, showDropdown = true): this {
    return this.require('VALUE_IN_RANGE', range, showDropdown);
  }
  requireNumberBetween(start: number, end: number): this {
    return this.require('NUMBER_BETWEEN', start, end);
  }
  requireNumberGreaterThan(n: number): this {
    return this.require('NUMBER_GREATER_THAN', n);
  }
  requireNumberLessThanOrEqualTo(n: number): this {
    return this.require('NUMBER_LESS_THAN_OR_EQUAL_TO', n);
  }
  requireDate(): this {
    return this.require('DATE_IS_VALID_DATE');
  }
  requireDateAfter(date: Date): this {
    return this.require('DATE_AFTER', date);
  }
  requireTextIsEmail(): this {
    return this.require('TEXT_IS_VALID_EMAIL');
  }
  requireTextIsUrl(): this {
    return this.require('TEXT_IS_VALID_URL');
  }
  requireTextContains(text: string): this {
    return this.require('TEXT_CONTAINS', text);
  }
  requireFormulaSatisfied(formula: string): this {
    return this.require('CUSTOM_FORMULA', formula);
  }
  withCriteria(criteria: Criteria, args: unknown[]): this {
    if (!CRITERIA.includes(criteria)) throw new GasError(`Invalid argument: criteria`);
    return this.require(criteria, ...args);
  }
  setAllowInvalid(allow: boolean): this {
    this.allowInvalid = !!allow;
    return this;
  }
  setHelpText(text: string): this {
    this.helpText = String(text);
    return this;
  }
  /** The runtime's own hook, for tests: what a custom formula accepts (it computes no formulas). */
  acceptingWhen(test: (v: Value) => boolean): this {
    this.formulaAccepts = test;
    return this;
  }
  getAllowInvalid(): boolean {
    return this.allowInvalid;
  }
  getCriteriaType(): Criteria | null {
    return this.criteria;
  }
  getCriteriaValues(): unknown[] {
    return this.args.slice();
  }
  getHelpText(): string | null {
    return this.helpText;
  }
  copy(): DataValidationBuilder {
    return new DataValidationBuilder(this.build());
  }
  build(): DataValidation {
    if (!this.criteria) throw new GasError('You must specify a criteria type.');
    return new DataValidation(
      this.criteria,
      this.args,
      this.allowInvalid,
      this.helpText,
      this.formulaAccepts,
    );
  }
}

/** `SpreadsheetApp.DataValidationCriteria`: each name is its own value, as Apps Script prints it. */
export const DataValidationCriteria = Object.fromEntries(CRITERIA.map((c) => [c, c])) as {
  [C in Criteria]: C;
};
