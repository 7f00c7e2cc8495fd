// The dev tools a user runs: the servers die with whatever started them (npm included), a port in
// use is one line, and CSV files in and out of the local sheets are read like Excel's (`,`, `;` or
// tab, a byte-order mark) and written for Excel, so that no cell runs as a formula.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { detectSeparator } from '../../dev/gas-runtime/csv';
import { GasRuntime } from '../../dev/gas-runtime/runtime';
import { startPlayground } from '../../dev/playground';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/__emulator/stats`);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = http.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function until(condition: () => Promise<boolean>, tries = 300): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const SERVERS = [
  ['emulator', (port: number) => `http://127.0.0.1:${port}/__emulator/stats`],
  ['playground', (port: number) => `http://127.0.0.1:${port}/api/sheet`],
] as const;

const up = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

describe.each(SERVERS)('npm run %s', (script, probe) => {
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'ends with its npm process (%s to npm frees the port)',
    async (signal) => {
      const port = await freePort();
      const npm = spawn('npm', ['run', '--silent', script, '--', '--port', String(port)], {
        stdio: 'ignore',
      });
      try {
        expect(await until(() => up(probe(port)))).toBe(true);
        npm.kill(signal);
        expect(await until(async () => !(await up(probe(port))), 100)).toBe(true);
      } finally {
        npm.kill('SIGKILL');
      }
    },
    40000,
  );

  it('says in one line that its port is in use, naming --port', async () => {
    const busy = http.createServer().listen(0, '127.0.0.1');
    await once(busy, 'listening');
    try {
      const port = (busy.address() as AddressInfo).port;
      const r = spawnSync('npm', ['run', '--silent', script, '--', '--port', String(port)], {
        encoding: 'utf8',
        timeout: 30000,
      });
      expect(r.status).toBe(1);
      const said = r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn'));
      expect(said).toEqual([
        `Port ${port} is in use (is another copy still running?): stop it, or choose another with --port N.`,
      ]);
    } finally {
      busy.close();
    }
  }, 40000);
});

describe('the playground', () => {
  it('shows a cell as its number format says (a date with its time) and names agents to try', async () => {
    const play = await startPlayground();
    try {
      const sheet = play.rt.spreadsheet.activeSheet;
      sheet
        .getRange('D2')
        .setValue(new Date(Date.UTC(2026, 10, 28, 9, 5)))
        .setNumberFormat('yyyy-mm-dd hh:mm');
      const shown = (await (await fetch(`${play.url}/api/sheet`)).json()) as { rows: string[][] };
      expect(shown.rows[1]![3]).toBe('2026-11-28 09:05');
      const page = await (await fetch(play.url)).text();
      expect(page).toMatch(/Brand agents to try in the Scan monitor.*1001 \(acmeanalytics\.com\)/);
    } finally {
      await play.close();
    }
  });

  it('closes while a page still polls it over a keep-alive connection (a request in flight then)', async () => {
    const play = await startPlayground();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = new URL(play.url);
    let cut = false;
    // A poll whose body arrives in two parts: one is always in flight when close comes.
    const poll = () =>
      new Promise<void>((resolve) => {
        const req = http.request(
          { port, host: '127.0.0.1', path: '/api/select', method: 'POST', agent },
          (res) => res.resume().on('end', resolve),
        );
        req.setHeader('content-length', '4');
        req.on('error', () => ((cut = true), resolve()));
        req.write('A1');
        setTimeout(() => req.end(':A'), 200);
      });
    const polling = (async () => {
      while (!cut) await poll();
    })();
    await new Promise((r) => setTimeout(r, 700));
    const closed = await Promise.race([
      play.close().then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still open after 10 s'), 10_000).unref()),
    ]);
    cut = true;
    agent.destroy();
    await polling;
    expect(closed).toBe('closed');
  });
});

describe('flags', () => {
  it.each([
    ['dev/demo.ts', '--time-scale', 'abc', '--time-scale must be a number above 0 (got "abc").'],
    ['dev/demo.ts', '--time-scale', '0', '--time-scale must be a number above 0 (got "0").'],
    ['dev/emulator/cli.ts', '--port', 'x', '--port must be a port number, 0 to 65535 (got "x").'],
    ['dev/demo.ts', '--prod', '', "Unknown option '--prod'"],
    [
      'dev/playground.ts',
      '--time-scale=-1',
      '',
      '--time-scale must be a number above 0 (got "-1").',
    ],
  ])('%s %s %s is refused before anything starts', (file, flag, value, message) => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', file, flag, ...(value ? [value] : [])],
      { encoding: 'utf8', timeout: 20000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});

describe("help and npm's own flags", () => {
  it.each([
    'dev/demo.ts',
    'dev/emulator/cli.ts',
    'dev/playground.ts',
    'bench/run.ts',
    'scripts/test-timing.ts',
  ])('%s --help prints its usage and exits 0', (file) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', file, '--help'], {
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm (start|run \w+)/);
  });

  it('npm run timing -- --against a revision the repository lacks is refused in one line, before any clone', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/test-timing.ts', '--against', 'no-such-revision'],
      { encoding: 'utf8', timeout: 20000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('timing: this repository has no revision no-such-revision');
  });

  it('npm start with a flag before -- is refused in one line, as deploy refuses it', () => {
    const r = spawnSync('npm', ['start', '--silent', '--time-scale', '5'], {
      encoding: 'utf8',
      timeout: 60000,
      env: { ...process.env, NODE_ENV: undefined },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('npm took --time-scale for itself (flags go after --).');
    expect(r.stdout).not.toMatch(/Sheet in/);
  });
});

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
  it.each([
    ['Website,Company\n', ','],
    ['Website;Company;"Notes, misc"\n', ';'],
    ['\ufeffWebsite\tCompany\n', '\t'],
    ['Website\n', ','],
  ])('finds the separator of the header row %j', (text, separator) => {
    expect(detectSeparator(text)).toBe(separator);
  });

  it('reads a ;-separated CSV (Excel in Germany and France) and a tab-separated one', () => {
    for (const text of ['Firma;Website\nAcme;acme.com\n', 'Firma\tWebsite\nAcme\tacme.com\n']) {
      const sheet = rt.spreadsheet.importCsv('Sep', text);
      expect(sheet.probe.rows.map((r) => r.map((c) => c.value))).toEqual([
        ['Firma', 'Website'],
        ['Acme', 'acme.com'],
      ]);
    }
  });

  it('gives user columns back as they came (00123, 1.50, +44 20) and writes a byte-order mark', () => {
    rt.spreadsheet.importCsv(
      'Trip',
      'Website,Contact,Price,Phone,N\nacme.com,00123,1.50,+44 20,42\n',
    );
    const out = rt.spreadsheet.exportCsv('Trip');
    expect(out).toBe("\ufeffWebsite,Contact,Price,Phone,N\nacme.com,00123,1.50,'+44 20,42\n");
    expect(rt.spreadsheet.importCsv('Trip', out).probe.rows[1]!.map((c) => c.value)).toEqual([
      'acme.com',
      '00123',
      '1.50',
      "'+44 20",
      42,
    ]);
  });

  it('reads a UTF-8 CSV saved by Excel (byte-order mark) with its Website header', () => {
    const sheet = rt.spreadsheet.importCsv('Excel', '\ufeffWebsite,Company\r\nacme.com,Acme\r\n');
    expect(sheet.probe.rows[0]!.map((c) => c.value)).toEqual(['Website', 'Company']);
  });

  it('keeps a formula-like cell as the user’s text and writes it so that it cannot run', () => {
    rt.spreadsheet.importCsv('Hostile', 'Website,Note\n"=HYPERLINK(""x"")",+cmd\nacme.com,-12\n');
    const out = rt.spreadsheet.exportCsv('Hostile');
    expect(out).toBe('\ufeffWebsite,Note\n"\'=HYPERLINK(""x"")",\'+cmd\nacme.com,-12\n');
  });
});
