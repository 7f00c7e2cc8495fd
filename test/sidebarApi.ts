// The sidebar's server functions as the page calls them (JSON in, JSON out, as google.script.run
// does), typed by src/contract.ts: a test reads a field the contract lacks, and it does not compile.
import type { SidebarApi } from '../src/contract';
import type { GasRuntime } from '../dev/gas-runtime/runtime';
import type { Spreadsheet } from '../dev/gas-runtime/spreadsheet';

export function sidebar(rt: GasRuntime, user?: string, spreadsheet?: Spreadsheet): SidebarApi {
  return new Proxy({} as SidebarApi, {
    get:
      (_target, fn: string) =>
      (...args: unknown[]) =>
        rt.runFromSidebar(fn, args, user, spreadsheet),
  });
}
