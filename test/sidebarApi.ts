// The sidebar's server functions as the page calls them (JSON in, JSON out, as google.script.run
// does), typed by the server functions themselves (src/server.ts): a test that reads a
// field a reply lacks does not compile.
import type { Server } from '../src/server';
import type { GasRuntime } from '../dev/gas-runtime/runtime';
import type { Spreadsheet } from '../dev/gas-runtime/spreadsheet';

export function sidebar(rt: GasRuntime, user?: string, spreadsheet?: Spreadsheet): Server {
  return new Proxy({} as Server, {
    get:
      (_target, fn: string) =>
      (...args: unknown[]) =>
        rt.runFromSidebar(fn, args, user, spreadsheet),
  });
}
