/**
 * What Apps Script gives a menu, a sidebar or a simple trigger: the active spreadsheet, its sheet
 * and selection, toasts, alerts, dialogs and the sidebar, the user and new ids. The one place
 * src/addon reaches them (lint keeps every Apps Script global out of src/addon and src/domain).
 */
type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export const activeBook = (): Book => SpreadsheetApp.getActiveSpreadsheet();
export const activeSheet = (): GoogleAppsScript.Spreadsheet.Sheet =>
  SpreadsheetApp.getActiveSheet();
export const activeRange = (): GoogleAppsScript.Spreadsheet.Range | null =>
  SpreadsheetApp.getActiveSpreadsheet().getActiveRange();
/** A spreadsheet by id: what an add-on's clock trigger, with no active document, opens. */
export const openBook = (id: string): Book => SpreadsheetApp.openById(id);
/** Formulas a script wrote are calculated once this returns. */
export const flush = (): void => SpreadsheetApp.flush();

export function toast(message: string, title: string): void {
  activeBook().toast(message, title);
}

export function alert(title: string, message: string): void {
  const ui = SpreadsheetApp.getUi();
  ui.alert(title, message, ui.ButtonSet.OK);
}

/** The add-on's menu, built by `build` and added (allowed in AuthMode.NONE). */
export function addonMenu(build: (menu: GoogleAppsScript.Base.Menu) => GoogleAppsScript.Base.Menu) {
  build(SpreadsheetApp.getUi().createAddonMenu()).addToUi();
}

/** A project HTML file in the sidebar, with `extra` markup appended to it. */
export function showSidebarFile(file: string, title: string, extra = ''): void {
  const output = HtmlService.createHtmlOutputFromFile(file).setTitle(title);
  if (extra) output.append(extra);
  SpreadsheetApp.getUi().showSidebar(output);
}

export function showDialog(html: string, title: string, width: number, height: number): void {
  SpreadsheetApp.getUi().showModalDialog(
    HtmlService.createHtmlOutput(html).setWidth(width).setHeight(height),
    title,
  );
}

/** The user this execution runs as ('' where Google withholds it). */
export const myEmail = (): string => Session.getEffectiveUser().getEmail();
export const newId = (): string => Utilities.getUuid();
