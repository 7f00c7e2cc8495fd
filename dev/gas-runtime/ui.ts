/** SpreadsheetApp.getUi() and HtmlService: menus, sidebar and alerts are captured for tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface UiCapture {
  menus: Array<{ title: string; items: Array<{ caption: string; fn: string }> }>;
  /** The last sidebar or modal dialog shown (a dialog covers the sheet until closed). */
  sidebar: { title: string; html: string; kind: 'sidebar' | 'dialog' } | null;
  alerts: string[];
}

export class HtmlOutput {
  title = '';
  width = 300;
  height = 0;
  constructor(public content: string) {}
  setTitle(t: string) {
    this.title = t;
    return this;
  }
  getTitle() {
    return this.title;
  }
  setWidth(w: number) {
    this.width = w;
    return this;
  }
  setHeight(h: number) {
    this.height = h;
    return this;
  }
  setSandboxMode() {
    return this;
  }
  setXFrameOptionsMode() {
    return this;
  }
  getContent() {
    return this.content;
  }
  append(more: string) {
    this.content += more;
    return this;
  }
}

export function htmlService(distDir: string, call: (name: string) => void) {
  return {
    SandboxMode: { IFRAME: 'IFRAME', NATIVE: 'NATIVE' },
    XFrameOptionsMode: { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' },
    createHtmlOutputFromFile(name: string) {
      call('HtmlService.createHtmlOutputFromFile');
      return new HtmlOutput(
        readFileSync(path.join(distDir, `${name.replace(/\.html$/, '')}.html`), 'utf8'),
      );
    },
    createHtmlOutput(html = '') {
      call('HtmlService.createHtmlOutput');
      return new HtmlOutput(html);
    },
  };
}

export function ui(capture: UiCapture, call: (name: string) => void) {
  const menu = (title: string) => {
    const items: Array<{ caption: string; fn: string }> = [];
    const m = {
      addItem(caption: string, fn: string) {
        items.push({ caption, fn });
        return m;
      },
      addSeparator() {
        return m;
      },
      addSubMenu() {
        return m;
      },
      addToUi() {
        call('Menu.addToUi');
        capture.menus = capture.menus.filter((x) => x.title !== title).concat([{ title, items }]);
      },
    };
    return m;
  };
  return {
    ButtonSet: { OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO' },
    Button: { OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO', CLOSE: 'CLOSE' },
    createAddonMenu: () => menu('Add-on'),
    createMenu: (title: string) => menu(title),
    showSidebar(output: HtmlOutput) {
      call('Ui.showSidebar');
      capture.sidebar = { title: output.title, html: output.content, kind: 'sidebar' };
    },
    showModalDialog(output: HtmlOutput, title: string) {
      call('Ui.showModalDialog');
      capture.sidebar = { title, html: output.content, kind: 'dialog' };
    },
    alert(...args: unknown[]) {
      call('Ui.alert');
      capture.alerts.push(
        args
          .filter((a) => typeof a === 'string' && !['OK', 'OK_CANCEL', 'YES_NO'].includes(a))
          .join(': '),
      );
      return 'OK';
    },
  };
}
