/**
 * The emulator in a child process. The local runtime blocks its thread during UrlFetchApp calls,
 * so a server in the same thread could never answer: tests, the demo and the benchmark run it here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { BrandMove } from './brandIndex';
import type { FaultConfig } from './faults';
import { webhookRoutes, type WebhookPost } from './webhooks';

export interface EmulatorProcess {
  baseUrl: string;
  control(
    route:
      | 'stats'
      | 'reset'
      | 'clock'
      | 'faults'
      | 'maintenance'
      | 'brands'
      | 'plan'
      | 'previews'
      | 'webhooks',
    body?: unknown,
  ): Promise<Record<string, unknown>>;
  faults(config: Partial<FaultConfig>): Promise<void>;
  advance(ms: number): Promise<void>;
  /** Rescans brands in the index: new scores and lastScanDate, as the service's own rescan does. */
  moveBrands(moves: BrandMove[]): Promise<number>;
  /** Adds more indexed brands: prospect-00001.com and on, in the order they were seeded. */
  seedBrands(count: number): Promise<number>;
  stats(): Promise<{
    requests: Record<string, number>;
    faults: Record<string, number>;
    previewsCreated: number;
    duplicatePreviews: number;
    maxInFlight: number;
  }>;
  /** What the Slack and Google Chat stand-ins received. */
  webhookPosts(): Promise<WebhookPost[]>;
  /** The runtime's routes from Slack's and Chat's public addresses to the stand-ins. */
  routes: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The emulator's CLI bundled into one CommonJS file: a process of it starts in about 70 ms, where
 * `node --import tsx cli.ts` takes 400 ms compiling the sources (tests start about fifty). Named by
 * its content and written once (a rename, so a process never reads half a file).
 */
let cliFile: string | undefined;
function bundledCli(): string {
  if (cliFile && existsSync(cliFile)) return cliFile;
  const built = buildSync({
    entryPoints: [path.join(__dirname, 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.contents;
  const hash = createHash('sha256').update(built).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), `visibility-emulator-${hash}.cjs`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, built);
    renameSync(partial, file);
  }
  cliFile = file;
  return file;
}

export async function spawnEmulator(args: string[] = []): Promise<EmulatorProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [bundledCli(), '--port', '0', '--quiet', '--exit-with-parent', ...args],
    // The child's stdin is a pipe from this process: when this process ends in any way (a
    // signal, a crash, a closed stdout), the pipe closes and the emulator stops with it.
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n') && line) {
        try {
          resolve((JSON.parse(line) as { baseUrl: string }).baseUrl);
        } catch (error) {
          reject(error);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  const control = async (route: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/__emulator/${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    baseUrl,
    control,
    faults: async (config) => void (await control('faults', config)),
    advance: async (ms) => void (await control('clock', { advanceMs: ms })),
    moveBrands: async (moves) => (await control('brands', { moves })).moved as number,
    seedBrands: async (count) => (await control('brands', { seed: count })).seeded as number,
    stats: () => control('stats') as ReturnType<EmulatorProcess['stats']>,
    webhookPosts: async () => (await control('webhooks')).posts as WebhookPost[],
    routes: webhookRoutes(baseUrl),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Emulators this process started, free for its next world: starting one takes 0.4 to 2 s, and a
 * reset gives a service as it was at its start (accounts, brands, previews, scans, faults, clock,
 * webhooks). Whoever borrows gives it back; `stopIdleEmulators` ends those left at the end.
 * `start` makes one: a child process by default, or one in this process (dev/emulator/inProcess.ts).
 */
const idle = new Map<string, EmulatorProcess[]>();

export async function borrowEmulator<E extends EmulatorProcess = EmulatorProcess>(
  args: string[] = [],
  start: (args: string[]) => E | Promise<E> = spawnEmulator as never,
): Promise<{ emu: E; release(): void }> {
  const key = `${start.name} ${JSON.stringify(args)}`;
  const free = idle.get(key)?.pop() as E | undefined;
  const emu = free ?? (await start(args));
  if (free) await emu.control('reset', {});
  let released = false;
  const release = () => {
    // A world closed twice (by its test and by afterEach) gives its emulator back once.
    if (released) return;
    released = true;
    idle.set(key, [...(idle.get(key) ?? []), emu]);
  };
  return { emu, release };
}

export async function stopIdleEmulators(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(all.map((e) => e.stop()));
}
