/**
 * Command-line flags for the dev tools, parsed by Node's util.parseArgs: an unknown or malformed
 * flag stops the tool with a one-line message instead of being ignored.
 */
import { parseArgs } from 'node:util';

export function flags<K extends string>(
  usage: string,
  names: Record<K, string | undefined>,
  booleans: string[] = [],
): Record<K, string | undefined> & Record<string, string | boolean | undefined> {
  const options: Record<string, { type: 'string' | 'boolean'; default?: string }> = {};
  for (const [name, fallback] of Object.entries(names) as Array<[K, string | undefined]>)
    options[name] =
      fallback === undefined ? { type: 'string' } : { type: 'string', default: fallback };
  for (const name of booleans) options[name] = { type: 'boolean' };
  try {
    return parseArgs({ options, allowPositionals: false }).values as Record<K, string | undefined>;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: ${usage}`);
    process.exit(2);
  }
}

/** Stops cleanly when stdout is closed early (`npm start | head`) or on a signal. */
export function exitQuietlyOn(cleanUp: () => Promise<unknown>): void {
  const stop = () => void cleanUp().finally(() => process.exit(0));
  process.stdout.on('error', stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
}
