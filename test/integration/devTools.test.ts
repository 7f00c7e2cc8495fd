// The dev tools a user runs: the emulator dies with whatever started it, and CSV files in and
// out of the local sheets are read like Excel's and written so that no cell runs as a formula.
import { spawn } from 'node:child_process';
import { GasRuntime } from '../../dev/gas-runtime/runtime';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/__emulator/stats`);
    return true;
  } catch {
    return false;
  }
}

describe('the emulator', () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'stops when the process that spawned it is killed with %s',
    async (signal) => {
      const parent = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          "require('./dev/emulator/process').spawnEmulator().then((e) => console.log(e.baseUrl))",
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const url = await new Promise<string>((resolve) =>
        parent.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
      );
      expect(await answers(url)).toBe(true);
      parent.kill(signal);
      let alive = true;
      for (let i = 0; i < 50 && alive; i++) {
        await new Promise((r) => setTimeout(r, 100));
        alive = await answers(url);
      }
      expect(alive).toBe(false);
    },
  );
});

describe('CSV files', () => {
  const rt = new GasRuntime();
  it('reads a UTF-8 CSV saved by Excel (byte-order mark) with its Website header', () => {
    const sheet = rt.spreadsheet.importCsv('Excel', '\ufeffWebsite,Company\r\nacme.com,Acme\r\n');
    expect(sheet.cells[0]!.map((c) => c.value)).toEqual(['Website', 'Company']);
  });

  it('keeps a formula-like cell as the user’s text and writes it so that it cannot run', () => {
    rt.spreadsheet.importCsv('Hostile', 'Website,Note\n"=HYPERLINK(""x"")",+cmd\nacme.com,-12\n');
    const out = rt.spreadsheet.exportCsv('Hostile');
    expect(out).toBe('Website,Note\n"\'=HYPERLINK(""x"")",\'+cmd\nacme.com,-12\n');
  });
});
