/**
 * Command-line flags for the dev tools, parsed by Node's util.parseArgs: an unknown or malformed
 * flag stops the tool with a one-line message instead of being ignored.
 */
import { parseArgs } from 'node:util';
import { flagsNpmTook } from '../scripts/npm-flags.mjs';

/** A flag's check: null when the value is fine, else what is wrong with it. */
type Check = (value: string) => string | null;

export const positiveNumber: Check = (v) =>
  /^\d+(\.\d+)?$/.test(v.trim()) && Number(v) > 0 ? null : 'must be a number above 0';
export const numberFromZero: Check = (v) =>
  /^\d+(\.\d+)?$/.test(v.trim()) ? null : 'must be a number, 0 or more';
export const wholeNumber: Check = (v) =>
  /^\d+$/.test(v.trim()) ? null : 'must be a whole number, 0 or more';
export const port: Check = (v) =>
  /^\d+$/.test(v.trim()) && Number(v) <= 65535 ? null : 'must be a port number, 0 to 65535';

function stop(message: string, usage: string): never {
  console.error(`${message}\nUsage: ${usage}`);
  process.exit(2);
}

/**
 * The tool's flags, refused in one line with the usage when unknown, malformed, or written before
 * `--` (where npm keeps them for itself and the tool would run without them). `--help` prints the
 * usage and exits 0.
 */
export function flags<K extends string>(
  usage: string,
  names: Record<K, string | undefined>,
  booleans: string[] = [],
  checks: Partial<Record<K, Check>> = {},
): Record<K, string | undefined> & Record<string, string | boolean | undefined> {
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    console.log(`Usage: ${usage}`);
    process.exit(0);
  }
  const took = flagsNpmTook();
  if (took.length) stop(`npm took ${took.join(' ')} for itself (flags go after --).`, usage);
  const options: Record<string, { type: 'string' | 'boolean'; default?: string }> = {};
  for (const [name, fallback] of Object.entries(names) as Array<[K, string | undefined]>)
    options[name] =
      fallback === undefined ? { type: 'string' } : { type: 'string', default: fallback };
  for (const name of booleans) options[name] = { type: 'boolean' };
  let values: Record<K, string | undefined>;
  try {
    values = parseArgs({ options, allowPositionals: false }).values as Record<
      K,
      string | undefined
    >;
  } catch (error) {
    stop((error as Error).message, usage);
  }
  for (const [name, check] of Object.entries(checks) as Array<[K, Check]>) {
    const value = values[name];
    const problem = value === undefined ? null : check(value);
    if (problem) stop(`--${name} ${problem} (got "${value}").`, usage);
  }
  return values;
}

/** The one line a server says when its port is taken, instead of an EADDRINUSE stack trace. */
export function explainListenError(error: unknown, flag = '--port'): string {
  const e = error as NodeJS.ErrnoException & { port?: number };
  if (e?.code === 'EADDRINUSE')
    return `Port ${e.port ?? ''} is in use (is another copy still running?): stop it, or choose another with ${flag} N.`;
  return e instanceof Error ? e.message : String(error);
}

/**
 * Stops cleanly when stdout is closed early (`npm start | head`), on a signal, or when the process
 * that started this one goes away: npm killed with SIGKILL cannot pass its signal on, and a server
 * left behind would keep its port.
 */
export function exitQuietlyOn(cleanUp: () => Promise<unknown>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void cleanUp().finally(() => process.exit(0));
  };
  process.stdout.on('error', stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 500).unref();
}

/** Colour and in-place progress only for a person at a terminal; a pipe or a log gets plain lines. */
export const interactive = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
