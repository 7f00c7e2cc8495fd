// `npm run emulator -- [--port 8787] [--time-scale 1] [--accounts accounts.json] [--latency-ms 0]`
// Prints one JSON line {"baseUrl": ...} first (tests and the demo read it), then the demo keys.
import {
  exitQuietlyOn,
  explainListenError,
  flags,
  port,
  numberFromZero,
  wholeNumber,
} from '../args';
import { loadAccounts } from './accounts';
import { startEmulator } from './server';

const args = flags(
  'npm run emulator -- [--port 8787] [--time-scale 1] [--accounts FILE] [--latency-ms 0]',
  { port: '8787', 'time-scale': '1', accounts: undefined, 'latency-ms': '0' },
  ['quiet', 'exit-with-parent'],
  { port, 'time-scale': numberFromZero, 'latency-ms': wholeNumber },
);

async function main(): Promise<void> {
  const accounts = loadAccounts(args.accounts);
  const emulator = await startEmulator({
    port: Number(args.port),
    timeScale: Number(args['time-scale']),
    accounts,
    faults: { latencyMs: Number(args['latency-ms']) },
  });
  console.log(JSON.stringify({ baseUrl: emulator.baseUrl }));
  if (!args.quiet) {
    console.log(`Visibility service emulator on ${emulator.baseUrl}`);
    console.log("Endpoints (the spec's):");
    for (const e of [
      'GET  /api/visibility/score?url=|slug=|name=   public brand score (no key)',
      'GET  /api/visibility/scan?syntheticId=N        managed scan status (key)',
      'POST /api/visibility/scan {syntheticId}        rescan a brand agent (key)',
      'POST /api/visibility/scan-preview {url}        start a preview (key)',
      'GET  /api/visibility/scan-preview?uuid=U       poll a preview (key)',
      'GET  /?report=<url>, /brands/<slug>, /visibility-scan-preview/<uuid>   pages',
      'GET|POST /__emulator/stats|reset|clock|faults|maintenance|brands   test controls',
    ])
      console.log(`  ${e}`);
    console.log('Demo keys (header x-api-key):');
    for (const [key, a] of Object.entries(accounts)) console.log(`  ${key.padEnd(22)} ${a.name}`);
  }
  exitQuietlyOn(() => emulator.close());
  if (args['exit-with-parent']) {
    const stop = () => void emulator.close().then(() => process.exit(0));
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

main().catch((error) => {
  console.error(explainListenError(error));
  process.exit(1);
});
