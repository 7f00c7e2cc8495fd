/**
 * `SpreadsheetApp` as one execution sees it: its active document (none for an add-on's clock
 * trigger), `openById` with the full `spreadsheets` scope only, `getUi` where a person is looking,
 * `flush`, and the builders and enums the add-on uses.
 */
import type { Mode } from './consent';
import { GasError, noPermission } from './errors';
import type { ConditionalRule, Range, Spreadsheet } from './spreadsheet';
import type { ui } from './ui';
import { DataValidationBuilder, DataValidationCriteria } from './validation';

export interface SpreadsheetAppOf {
  /** The execution's active document, or null. */
  book: Spreadsheet | null;
  mode: Mode;
  /** Counts a call. */
  call(name: string): void;
  /** Counts a call and refuses it where the execution may not make it. */
  allowed(name: string): void;
  ui: ReturnType<typeof ui>;
  /** Whether the manifest asks for the full `spreadsheets` scope (A2). */
  mayOpenById: boolean;
  byId(id: string): Spreadsheet | null;
  /** Calculates the formulas a script wrote in `book` (S2). */
  flush(book: Spreadsheet): void;
}

export function spreadsheetApp(x: SpreadsheetAppOf) {
  const { book, call, allowed } = x;
  return {
    getActiveSpreadsheet: () => (allowed('SpreadsheetApp.getActiveSpreadsheet'), book),
    getActive: () => (allowed('SpreadsheetApp.getActiveSpreadsheet'), book),
    getActiveSheet: () => (allowed('SpreadsheetApp.getActiveSheet'), book?.activeSheet ?? null),
    getActiveRange: () => (
      allowed('SpreadsheetApp.getActiveRange'),
      book?.getActiveRange() ?? null
    ),
    openById: (id: string) => {
      allowed('SpreadsheetApp.openById');
      if (!x.mayOpenById) throw noPermission('SpreadsheetApp.openById');
      const found = x.byId(String(id));
      if (!found)
        throw new GasError(
          'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
        );
      return found;
    },
    getUi: () => {
      call('SpreadsheetApp.getUi');
      if (x.mode === 'custom-function' || x.mode === 'trigger')
        throw noPermission('SpreadsheetApp.getUi');
      allowed('SpreadsheetApp.getUi');
      return x.ui;
    },
    flush: () => {
      call('SpreadsheetApp.flush');
      if (book) x.flush(book);
    },
    newConditionalFormatRule: () => conditionalRuleBuilder(),
    newDataValidation: () => (
      call('SpreadsheetApp.newDataValidation'),
      new DataValidationBuilder()
    ),
    DataValidationCriteria,
    DeveloperMetadataVisibility: { DOCUMENT: 'DOCUMENT', PROJECT: 'PROJECT' },
    ProtectionType: { RANGE: 'RANGE', SHEET: 'SHEET' },
    InterpolationType: {
      NUMBER: 'NUMBER',
      PERCENT: 'PERCENT',
      MIN: 'MIN',
      MAX: 'MAX',
      PERCENTILE: 'PERCENTILE',
    },
  };
}

function conditionalRuleBuilder() {
  const rule: ConditionalRule = { ranges: [], gradient: {} };
  const b = {
    setGradientMinpointWithValue: (color: string, type: string, value: string) => (
      (rule.gradient!.min = [color, type, value]),
      b
    ),
    setGradientMidpointWithValue: (color: string, type: string, value: string) => (
      (rule.gradient!.mid = [color, type, value]),
      b
    ),
    setGradientMaxpointWithValue: (color: string, type: string, value: string) => (
      (rule.gradient!.max = [color, type, value]),
      b
    ),
    setRanges: (ranges: Range[]) => (
      (rule.ranges = ranges.map((r) => `${r.sheet.probe.title}!${r.getA1Notation()}`)),
      b
    ),
    build: () => ({ ...rule, getRanges: () => rule.ranges }),
  };
  return b;
}
