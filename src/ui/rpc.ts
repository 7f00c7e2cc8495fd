/** google.script.run as typed promises, typed by the server's own functions (src/index.ts). */
import type { Server } from '../server';
import { GRANT_STEP, METADATA_FULL } from '../contract/settings';

type Runner = {
  withSuccessHandler(fn: (value: unknown) => void): Runner;
  withFailureHandler(fn: (error: Error) => void): Runner;
} & Record<keyof Server, (...args: unknown[]) => void>;

declare const google: { script: { run: Runner } };

/**
 * Calls to the server not answered yet: while any is, the page says it is busy (`aria-busy` on
 * the body), so assistive technology waits for the update, and so does a test measuring the
 * screen, however slow the machine.
 */
let inFlight = 0;
type Page = { document?: { body?: { setAttribute(name: string, value: string): void } } };
const busy = (by: number) => {
  inFlight += by;
  (globalThis as Page).document?.body?.setAttribute('aria-busy', String(inFlight > 0));
};

export function call<K extends keyof Server>(
  name: K,
  ...args: Parameters<Server[K]>
): Promise<ReturnType<Server[K]>> {
  busy(1);
  return new Promise<ReturnType<Server[K]>>((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((v) => resolve(v as ReturnType<Server[K]>))
      .withFailureHandler((e) => reject(e));
    runner[name](...args);
  }).finally(() => busy(-1));
}

/** A call that failed outright (the server's refusals come back as results, not as failures):
 * what happened, in words, and what to do next. */
export function errorText(e: unknown): string {
  const message = (e instanceof Error ? e.message : String(e)).replace(/^Exception:\s*/, '');
  if (/NetworkError|Connection failure|HTTP 0\b/i.test(message))
    return 'The connection to Google dropped: check your network, then try again.';
  // The server already said which permission waits and where to grant it, or what another script
  // filled: its words stand.
  if (message.includes(GRANT_STEP) || message.startsWith(METADATA_FULL)) return message;
  if (/authori[sz]ation is required|permission/i.test(message))
    return `Google asks for your permission again (${message}): reload the spreadsheet, open the add-on from the Extensions menu and allow it.`;
  return `Something went wrong: ${message.replace(/\.$/, '')}. Try again; if it keeps happening, send Help > diagnostics to support.`;
}
