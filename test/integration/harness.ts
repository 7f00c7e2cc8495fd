// The built bundle (dist/) in the local runtime, against the emulator: in this process, handed
// each request without a socket (dev/emulator/inProcess.ts), or over HTTP in its own process.
import type { InProcessEmulator } from '../../dev/emulator/inProcess';
import {
  borrowEmulator,
  stopIdleEmulators,
  type EmulatorProcess,
} from '../../dev/emulator/process';
import { formatDate } from '../../dev/gas-runtime/mail';
import { GasRuntime, type RuntimeOptions } from '../../dev/gas-runtime/runtime';
import type { Sheet } from '../../dev/gas-runtime/spreadsheet';
import type { HttpTransport } from '../../dev/gas-runtime/sync-http';
import { sidebar } from '../sidebarApi';

export interface World {
  emu: EmulatorProcess;
  rt: GasRuntime;
  /** Time passes for both sides: the service's clock and the add-on's (firing due triggers). */
  elapse(ms: number): Promise<void>;
  close(): Promise<void>;
}

export const KEYS = {
  pro: 'demo-pro-key',
  starter: 'demo-starter-key',
  free: 'demo-free-key',
  readOnly: 'demo-readonly-key',
  noPartner: 'demo-nopartner-key',
};

// A test file's emulators are reused by its next tests, and stopped when its tests are done.
afterAll(stopIdleEmulators);

/**
 * The in-process emulator's modules, loaded apart from the test's own: a test reads the brand
 * index (INDEX) as the service started, while the service moves its own copy, as with a process.
 */
let isolated: ((args: string[]) => InProcessEmulator) | undefined;
function inProcessEmulator(args: string[]): InProcessEmulator {
  if (!isolated)
    jest.isolateModules(() => {
      // A require inside isolateModules is what loads a module graph of its own.
      type Module = typeof import('../../dev/emulator/inProcess');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loaded = require('../../dev/emulator/inProcess') as Module;
      isolated = loaded.inProcessEmulator;
    });
  return isolated!(args);
}

export async function startWorld(
  options: RuntimeOptions & {
    apiKey?: string | null;
    emulatorArgs?: string[];
    /** The emulator in its own process, over loopback HTTP: for what only a socket shows. */
    overHttp?: boolean;
  } = {},
): Promise<World> {
  const args = options.emulatorArgs ?? [];
  const { emu, release } = options.overHttp
    ? await borrowEmulator(args)
    : await borrowEmulator(args, inProcessEmulator);
  const rt = new GasRuntime({
    // Another process busy on the machine must not cut an execution off (clock.ts).
    executionClock: 'work',
    ...options,
    extraAllowlist: [`${emu.baseUrl}/`],
    routes: emu.routes,
    ...('transport' in emu ? { http: emu.transport as HttpTransport } : {}),
  });
  const apiKey = options.apiKey === undefined ? KEYS.pro : options.apiKey;
  // Configured the way a user does it: through the sidebar's settings call.
  sidebar(rt).saveSettings({
    baseUrl: emu.baseUrl,
    allowFormulasToUseKey: true,
    ...(apiKey ? { apiKey } : {}),
  });
  const world: World = {
    emu,
    rt,
    elapse: async (ms) => {
      await emu.advance(ms);
      rt.advance(ms);
    },
    close: async () => {
      await rt.close();
      release();
    },
  };
  await startingHour(world);
  return world;
}

/**
 * `VIS_WORLD_HOUR=23 npm test` starts every world at the next 23:00 UTC: a test whose hours cross
 * a day (what is said once a day, a daily cap) only at some hours of the day fails at once, not
 * only when CI happens to run late.
 */
async function startingHour(w: World): Promise<void> {
  const hour = process.env.VIS_WORLD_HOUR;
  if (hour === undefined) return;
  const now = w.rt.clock.now();
  const day = 24 * 3600 * 1000;
  const at = Math.floor(now / day) * day + Number(hour) * 3600 * 1000;
  await w.elapse((at - now + day) % day);
}

export function column(values: unknown[]): unknown[][] {
  return values.map((v) => [v]);
}

/** A sheet's rows below its header as records by header, as a user reads the table. */
export function records(sheet: Sheet): Array<Record<string, unknown>> {
  const head = sheet.probe.rows[0]!.map((c) => String(c.value));
  return sheet.probe.rows
    .slice(1)
    .map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]?.value ?? ''])));
}

/**
 * A "Prospects" sheet of websites in a spreadsheet on UTC, its clock moved to 00:30: a schedule at
 * 9:00 runs later the same day.
 */
export function prospectsAtHalfPastMidnight(rt: GasRuntime, websites: string[]): void {
  const sheet = rt.spreadsheet.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [['Website'], ...websites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  rt.spreadsheet.timeZone = 'Etc/UTC';
  rt.advance(untilHalfPastMidnightUtc(rt.clock.now()));
}

/** From `nowMs` to the next 00:30 UTC, whole minutes (the same day when it is before 00:30). */
function untilHalfPastMidnightUtc(nowMs: number): number {
  const now = new Date(nowMs);
  const h = Number(formatDate(now, 'Etc/UTC', 'H'));
  const m = Number(formatDate(now, 'Etc/UTC', 'm'));
  return (((24 - h) % 24) * 60 - m + 30) * 60000;
}

/**
 * The world moved on to 00:30 UTC: a test of what is said once a day (a UTC day) whose few hours
 * must fall within one day, whatever the hour the suite runs.
 */
export const toHalfPastMidnightUtc = (w: World): Promise<void> =>
  w.elapse(untilHalfPastMidnightUtc(w.rt.clock.now()));
