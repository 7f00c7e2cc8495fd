// `npm run emulator -- [--port 8787] [--time-scale 1] [--accounts accounts.json] [--latency-ms 0]`
// Prints one JSON line {"baseUrl": ...} first (tests and the demo read it), then the demo keys.
import { loadAccounts } from './accounts';
import { startEmulator } from './server';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const accounts = loadAccounts(flag('accounts'));
  const emulator = await startEmulator({
    port: Number(flag('port') ?? 8787),
    timeScale: Number(flag('time-scale') ?? 1),
    accounts,
    faults: { latencyMs: Number(flag('latency-ms') ?? 0) },
  });
  console.log(JSON.stringify({ baseUrl: emulator.baseUrl }));
  if (!process.argv.includes('--quiet')) {
    console.log(`Visibility service emulator on ${emulator.baseUrl}`);
    for (const [key, a] of Object.entries(accounts)) console.log(`  ${key.padEnd(22)} ${a.name}`);
  }
  const stop = () => emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
