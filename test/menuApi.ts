// The menu's items as a person chooses them (Extensions > Visibility for Sheets), run as Sheets
// runs them, and what they show: the toast's words, and for Freeze and Restore the count those
// words give ("2 formulas frozen into values", "1 formula restored.").
import type { GasRuntime } from '../dev/gas-runtime/runtime';

/** Runs a menu item's global as `user` and returns the toast it showed. */
export function fromMenu(rt: GasRuntime, global: string, user?: string): string {
  const before = rt.spreadsheet.toasts.length;
  rt.run(global, [], { mode: 'menu', ...(user ? { user } : {}) });
  const shown = rt.spreadsheet.toasts.slice(before);
  if (shown.length !== 1) throw new Error(`${global} showed ${shown.length} toasts, not one`);
  return shown[0]!.message;
}

/** Freeze or Restore from the menu: its words, and what they say was done. */
export function freezeFromMenu(
  rt: GasRuntime,
  verb: 'freeze' | 'restore',
  user?: string,
): { state: 'done' | 'nothing'; changed: number; message: string } {
  const message = fromMenu(
    rt,
    verb === 'freeze' ? 'freezeSelectionFromMenu' : 'restoreSelectionFromMenu',
    user,
  );
  const done = /^(\d+) formulas? (frozen into values|restored)/.exec(message);
  return done
    ? { state: 'done', changed: Number(done[1]), message }
    : { state: 'nothing', changed: 0, message };
}

/** Help's diagnostics, as the person copies them from its dialog. */
export function diagnosticsFromHelp(rt: GasRuntime, user?: string): string {
  rt.run('showHelp', [], { mode: 'menu', ...(user ? { user } : {}) });
  const html = rt.ui.sidebar?.html ?? '';
  const text = /<textarea id="diag"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1] ?? '';
  // Help writes the diagnostics escaped as numeric entities (src/domain/cells.ts escapeHtml).
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** Help > Run self-check: each check of its dialog, as the person reads it. */
export function selfCheckFromMenu(rt: GasRuntime): {
  checks: Array<{ name: string; ok: boolean; detail: string }>;
} {
  rt.run('showSelfCheck', [], { mode: 'menu' });
  const html = rt.ui.sidebar?.html ?? '';
  const decode = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const checks = [...html.matchAll(/<li><strong>(OK|FAILED)<\/strong> ([\s\S]*?)<\/li>/g)].map(
    (m) => {
      const [name, ...rest] = decode(m[2]!).split(': ');
      return { name: name!, ok: m[1] === 'OK', detail: rest.join(': ') };
    },
  );
  return { checks };
}
