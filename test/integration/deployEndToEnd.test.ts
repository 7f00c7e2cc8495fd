// `npm run deploy` to its end, as a user runs it on a fresh clone: after `clasp create` wrote
// `.clasp.json` its own way, with VIS_BASE_URL (and NODE_ENV=production) in the shell. Google is
// replaced by a stand-in `clasp` in the clone's node_modules/.bin that records what it was asked
// to push. The source checks deploy runs first (lint, type check, unit tests) are stand-ins that
// record their call, as clasp is: `.ci/run` runs the real ones on a clean clone, and running them
// again here cost this file a minute. Everything else is the real script: the build, the manifest
// rules, the bundle loaded in the local runtime.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { WEBHOOK_PREFIXES } from '../../src/config';
import { MENU } from '../../src/contract/menu';
import path from 'node:path';

const ROOT = process.cwd();
const ADDRESS = 'https://service.example.com';

/** The checks deploy runs, as stand-ins recording each call (and failing while `fail` exists). */
const CHECKS = ['lint', 'typecheck', 'jest'];

function standInCheck(dir: string, name: string, log: string): void {
  const file = path.join(dir, 'node_modules', '.bin', `check-${name}`);
  writeFileSync(
    file,
    `#!/usr/bin/env node
const fs = require('node:fs');
const vis = Object.keys(process.env).filter((k) => k.startsWith('VIS_') || k === 'NODE_ENV');
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ check: ${JSON.stringify(name)}, argv: process.argv.slice(2), vis }) + '\\n');
process.exit(fs.existsSync(${JSON.stringify(path.join(path.dirname(log), 'fail'))}) ? 1 : 0);
`,
  );
  chmodSync(file, 0o755);
}

/** The files a clone of this tree holds, copied, with node_modules linked rather than installed. */
function freshClone(checksLog: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-clone-'));
  const listed = spawnSync('git', ['ls-files', '-z', '-c'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  const modules = path.join(ROOT, 'node_modules');
  mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
  for (const entry of readdirSync(modules).filter((e) => e !== '.bin'))
    symlinkSync(path.join(modules, entry), path.join(dir, 'node_modules', entry));
  for (const bin of readdirSync(path.join(modules, '.bin')).filter(
    (b) => b !== 'clasp' && b !== 'jest',
  ))
    symlinkSync(
      realpathSync(path.join(modules, '.bin', bin)),
      path.join(dir, 'node_modules', '.bin', bin),
    );
  for (const name of CHECKS) standInCheck(dir, name, checksLog);
  symlinkSync('check-jest', path.join(dir, 'node_modules', '.bin', 'jest'));
  const manifest = path.join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  pkg.scripts = { ...pkg.scripts, lint: 'check-lint', typecheck: 'check-typecheck' };
  writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
  const git = (...args: string[]) =>
    spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'clone');
  return dir;
}

/** A stand-in for clasp: records each call and, for a push, the files of the folder it would send. */
function standInClasp(dir: string, log: string): void {
  const script = `#!/usr/bin/env node
const fs = require('node:fs'), path = require('node:path');
const argv = process.argv.slice(2);
const call = { argv, cwd: process.cwd() };
const p = argv.indexOf('-P');
if (argv[0] === 'push' && p >= 0) {
  const projectFile = path.resolve(argv[p + 1]);
  const project = JSON.parse(fs.readFileSync(projectFile, 'utf8'));
  const root = path.resolve(path.dirname(projectFile), project.rootDir);
  call.scriptId = project.scriptId;
  call.files = Object.fromEntries(fs.readdirSync(root).map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
}
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(call) + '\\n');
`;
  const file = path.join(dir, 'node_modules', '.bin', 'clasp');
  writeFileSync(file, script);
  chmodSync(file, 0o755);
}

/** `.clasp.json` exactly as clasp 3's create writes it: JSON.stringify(settings, null, 2), no final newline. */
function asClaspWritesIt(scriptId: string): string {
  return JSON.stringify(
    {
      scriptId,
      rootDir: 'dist',
      parentId: '1SpreadsheetMadeByClaspCreate',
      scriptExtensions: ['.js', '.gs'],
      htmlExtensions: ['.html'],
      jsonExtensions: ['.json'],
      filePushOrder: [],
      skipSubdirectories: false,
    },
    null,
    2,
  );
}

interface Push {
  argv: string[];
  scriptId: string;
  files: Record<string, string>;
}

describe('npm run deploy from a fresh clone', () => {
  let dir: string;
  let log: string;
  let checksLog: string;
  const checks = () =>
    existsSync(checksLog)
      ? readFileSync(checksLog, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { check: string; argv: string[]; vis: string[] })
      : [];
  const pushes = (): Push[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Push)
      : [];
  const deploy = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'deploy', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        // Only the settings this test names: whatever VIS_* the shell running the tests holds.
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VIS_'))),
        VIS_BASE_URL: ADDRESS,
        VIS_TRIGGER_MINUTES: '60',
        NODE_ENV: 'production',
      },
    });

  beforeAll(() => {
    const calls = mkdtempSync(path.join(os.tmpdir(), 'deploy-calls-'));
    log = path.join(calls, 'calls.jsonl');
    checksLog = path.join(calls, 'checks.jsonl');
    dir = freshClone(checksLog);
    standInClasp(dir, log);
    writeFileSync(path.join(dir, '.clasp.json'), asClaspWritesIt('1DevelopmentScriptId'));
    // clasp create also pulls the new script's default files into rootDir.
    mkdirSync(path.join(dir, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'dist', 'Untitled.js'), 'function myFunction() {}\n');
  });
  afterAll(() => process.env.KEEP_CLONE || rmSync(dir, { recursive: true, force: true }));

  it('checks, builds with the address, and pushes exactly the built folder to development', () => {
    const r = deploy();
    expect(r.stderr).not.toMatch(/deploy refused/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/deploy: lint, type check and unit tests/);
    // Each check once, in order, on the source: the release's settings left out of its shell.
    expect(checks()).toEqual([
      { check: 'lint', argv: [], vis: [] },
      { check: 'typecheck', argv: [], vis: [] },
      { check: 'jest', argv: ['--selectProjects', 'unit', '--silent'], vis: [] },
    ]);
    expect(r.stdout).toContain(`deploy: the built bundle loads: ${MENU.flat().length} menu items`);
    expect(r.stdout).toMatch(
      /deploy: pushed build\/deploy \(https:\/\/service\.example\.com, trigger every 60 min\) to development/,
    );
    // The Workspace add-on part fires on the deployment pinned in the Marketplace SDK: said.
    expect(r.stdout).toMatch(/deploy: link previews .* pinned in the Marketplace SDK/);
    const [push, ...more] = pushes();
    expect(more).toEqual([]);
    expect(push!.argv).toEqual(['push', '--force', '-P', path.join('build', '.clasp.json')]);
    expect(push!.scriptId).toBe('1DevelopmentScriptId');
    expect(Object.keys(push!.files).sort()).toEqual(['Code.js', 'Sidebar.html', 'appsscript.json']);
    const manifest = JSON.parse(push!.files['appsscript.json']!);
    expect(manifest.urlFetchWhitelist).toEqual([`${ADDRESS}/`, ...Object.values(WEBHOOK_PREFIXES)]);
    expect(push!.files['Code.js']).toContain(ADDRESS);
    // The user's .clasp.json is left as clasp wrote it.
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(
      asClaspWritesIt('1DevelopmentScriptId'),
    );
  }, 240_000);

  it('pushes the same tree to production without checking it twice', () => {
    writeFileSync(path.join(dir, '.clasp.production.json'), asClaspWritesIt('1ProductionScriptId'));
    const r = deploy('--', '--production');
    expect(r.stderr).not.toMatch(/deploy refused/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/already passed for this exact tree/);
    expect(checks()).toHaveLength(3);
    const all = pushes();
    expect(all).toHaveLength(2);
    expect(all[1]!.scriptId).toBe('1ProductionScriptId');
    expect(JSON.parse(all[1]!.files['appsscript.json']!).urlFetchWhitelist).toEqual([
      `${ADDRESS}/`,
      ...Object.values(WEBHOOK_PREFIXES),
    ]);
  }, 120_000);

  it('refuses to push a changed tree whose checks fail, naming the check', () => {
    writeFileSync(path.join(dir, 'src', 'scratch.ts'), 'export const changed = 1;\n');
    writeFileSync(path.join(path.dirname(checksLog), 'fail'), '');
    const r = deploy();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/deploy refused: lint failed/);
    expect(checks()).toHaveLength(4);
    expect(pushes()).toHaveLength(2);
  }, 120_000);
});
