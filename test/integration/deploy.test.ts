// Safe deploys: the deploy command refuses a base URL Google would not accept before it runs
// anything, the built manifest follows Google's allowlist rules and asks only for scopes the code
// uses (each with its reason in docs/marketplace/scopes.md), and Settings stays inside the allowlist.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { manifestProblems, SCOPE_USES, schemaProblems } from '../../scripts/manifest-rules.mjs';
import { startWorld } from './harness';
import { WEBHOOK_PREFIXES } from '../../src/config';
import { sidebar } from '../sidebarApi';

const node = (args: string[], env: Record<string, string | undefined>) =>
  spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...env } });

describe('npm run deploy', () => {
  it.each([
    [undefined, /VIS_BASE_URL is not set/],
    ['http://service.example.com', /must start with https:\/\//],
    ['https://localhost:8787', /needs a full domain name/],
    ['https://user:pw@service.example.com', /VIS_BASE_URL must not hold a user name or password/],
    ['https://token@service.example.com/', /VIS_BASE_URL must not hold a user name or password/],
    ['https://service.example.com/?key=abc', /VIS_BASE_URL must not have a query/],
    ['https://service.example.com/#top', /VIS_BASE_URL must not have a fragment/],
  ])('refuses VIS_BASE_URL=%p in one line, before lint, tests or clasp', (url, reason) => {
    const r = node(['scripts/deploy.mjs'], { VIS_BASE_URL: url });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(reason);
    expect(r.stdout).toBe('');
    // What the address holds is never repeated: a password or key would reach the log.
    for (const secret of ['pw@', 'token', 'abc']) expect(r.stderr).not.toContain(secret);
  });

  const npmDeploy = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'deploy', ...args], {
      encoding: 'utf8',
      env: { ...process.env, VIS_BASE_URL: 'https://service.example.com', NODE_ENV: undefined },
    });
  const said = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('deploy'));

  it.each([
    [['--', '--prod'], 'unknown flag --prod: the one flag is --production'],
    [['--prod'], 'npm took --prod or --production for itself (flags go after --)'],
    [['--prodd'], 'npm took --prodd for itself (flags go after --)'],
  ])('npm run deploy %j is refused before lint, tests or clasp', (args, reason) => {
    const r = npmDeploy(...args);
    expect(r.status).toBe(1);
    expect(said(r.stderr)).toEqual([
      `deploy refused: ${reason}${reason.startsWith('unknown') ? ' (npm run deploy [-- --production]).' : ': run npm run deploy [-- --production].'}`,
    ]);
    expect(r.stdout).toBe('');
  });

  it('takes NODE_ENV=production from the shell for what it is, not for a --prod given to npm', () => {
    const r = spawnSync('npm', ['run', '--silent', 'deploy', '--', '--prod'], {
      encoding: 'utf8',
      env: { ...process.env, VIS_BASE_URL: 'https://service.example.com', NODE_ENV: 'production' },
    });
    expect(said(r.stderr)).toEqual([
      'deploy refused: unknown flag --prod: the one flag is --production (npm run deploy [-- --production]).',
    ]);
  });

  it.each([
    [
      'VIS_TRIGGER_MINUTES',
      '7',
      /VIS_TRIGGER_MINUTES must be one of 1, 5, 10, 15, 30, 60 \(got 7\)/,
    ],
    [
      'VIS_EXTRA_ALLOWLIST',
      'https://a..example.com/',
      /VIS_EXTRA_ALLOWLIST: https:\/\/a\.\.example\.com\/: needs a full domain/,
    ],
  ])('refuses %s=%p in one line before anything runs', (name, value, reason) => {
    const r = node(['scripts/deploy.mjs'], {
      VIS_BASE_URL: 'https://service.example.com',
      [name]: value,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(reason);
    expect(r.stdout).toBe('');
  });
});

describe('npm test whatever the shell holds', () => {
  it('rebuilds an unchanged tree without touching dist/ (npm start beside a test never swaps it)', () => {
    const files = ['Code.js', 'appsscript.json', 'Sidebar.html'].map((f) => path.join('dist', f));
    const before = files.map((f) => statSync(f).mtimeMs);
    expect(node(['build.mjs'], {}).status).toBe(0);
    expect(files.map((f) => statSync(f).mtimeMs)).toEqual(before);
    expect(readdirSync('dist').filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('builds the same local bundle with VIS_* and NODE_ENV=production set: only deploy reads them', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'local-'));
    const built = node(['build.mjs', '--out', out], {
      VIS_BASE_URL: 'https://service.example.com',
      VIS_TRIGGER_MINUTES: '1',
      VIS_EXTRA_ALLOWLIST: 'https://*.example.com/',
      NODE_ENV: 'production',
    });
    expect(built.status).toBe(0);
    for (const file of ['Code.js', 'appsscript.json', 'Sidebar.html'])
      expect(readFileSync(path.join(out, file), 'utf8')).toBe(
        readFileSync(path.join('dist', file), 'utf8'),
      );
  });
});

describe('a build of an unchanged tree', () => {
  it('says its output is up to date; an edited output or other flags build it again', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'cached-'));
    const code = path.join(out, 'Code.js');
    const build = (...flags: string[]) => node(['build.mjs', '--out', out, ...flags], {}).stdout;
    expect(build()).toContain('Code.js');
    const built = readFileSync(code, 'utf8');
    expect(build()).toBe(`${out}/ is up to date: nothing it is built from changed\n`);
    writeFileSync(code, 'edited by hand');
    expect(build()).toContain('Code.js');
    expect(readFileSync(code, 'utf8')).toBe(built);
    expect(build('--trigger-minutes', '1')).toContain('trigger every 1 min');
  });
});

describe('the committed .clasp.json', () => {
  it('is one clasp create can fill (rootDir dist, no scriptId), and deploy refuses it until then', () => {
    expect(JSON.parse(readFileSync('.clasp.json', 'utf8'))).toEqual({ rootDir: 'dist' });
    const r = node(['scripts/deploy.mjs'], { VIS_BASE_URL: 'https://service.example.com' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      'deploy refused: .clasp.json has no scriptId: run npx clasp create --type sheets --title "Visibility for Sheets (dev)" --rootDir dist once (docs/deploy.md).',
    );
  });
});

describe('the built manifest', () => {
  it('of a production build follows the allowlist rules and asks only for scopes the code uses', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
    const built = node(
      ['build.mjs', '--base-url', 'https://service.example.com', '--out', out],
      {},
    );
    expect(built.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(out, 'appsscript.json'), 'utf8'));
    // The service, and the team webhooks' platforms a schedule's alert may post to.
    expect(manifest.urlFetchWhitelist).toEqual([
      'https://service.example.com/',
      ...Object.values(WEBHOOK_PREFIXES),
    ]);
    expect(manifestProblems(manifest, readFileSync(path.join(out, 'Code.js'), 'utf8'))).toEqual([]);
    const reasons = readFileSync('docs/marketplace/scopes.md', 'utf8');
    for (const scope of manifest.oauthScopes) expect(reasons).toContain(scope);
  });

  it('of the local build is refused: its allowlist is plain http on loopback', () => {
    const manifest = JSON.parse(readFileSync('dist/appsscript.json', 'utf8'));
    expect(manifestProblems(manifest, readFileSync('dist/Code.js', 'utf8')).join(' ')).toMatch(
      /must start with https/,
    );
  });

  it('is checked against the public manifest schema', () => {
    const manifest = JSON.parse(readFileSync('dist/appsscript.json', 'utf8'));
    expect(schemaProblems(manifest)).toEqual([]);
    expect(
      schemaProblems({
        ...manifest,
        runtimeVersion: 'V9',
        exceptionLogging: 'CLOUD',
        oauthScopes: ['spreadsheets'],
      }),
    ).toEqual([
      'appsscript.json.runtimeVersion: must be equal to one of the allowed values (the manifest schema).',
      'appsscript.json.exceptionLogging: must be equal to one of the allowed values (the manifest schema).',
      'appsscript.json.oauthScopes.0: must match format "uri" (the manifest schema).',
    ]);
  });

  it('checks the Studio steps of addOns.flows: a type Studio lacks, and a step with no execute function (ST5)', () => {
    const manifest = JSON.parse(readFileSync('dist/appsscript.json', 'utf8'));
    const [step] = manifest.addOns.flows.workflowElements;
    step.workflowAction.outputs[0].dataType.basicType = 'NUMBER';
    delete step.workflowAction.onExecuteFunction;
    expect(schemaProblems(manifest)).toEqual([
      "appsscript.json.addOns.flows.workflowElements.0.workflowAction: must have required property 'onExecuteFunction' (the manifest schema).",
      'appsscript.json.addOns.flows.workflowElements.0.workflowAction.outputs.0.dataType.basicType: must be equal to one of the allowed values (the manifest schema).',
    ]);
  });

  it("leaves the allowlist to Google's rules: the schema's own rule for it refuses a correct prefix", () => {
    const schema = JSON.parse(readFileSync('scripts/vendor/schemastore/appsscript.json', 'utf8'));
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const asPublished = ajv.compile(schema);
    expect(asPublished({ urlFetchWhitelist: ['https://service.example.com/'] })).toBe(false);
    expect(schemaProblems({ urlFetchWhitelist: ['https://service.example.com/'] })).toEqual([]);
  });

  it('names a service for every scope, so a scope nothing calls is caught', () => {
    expect(
      manifestProblems(
        { urlFetchWhitelist: ['https://a.example.com/'], oauthScopes: Object.keys(SCOPE_USES) },
        'UrlFetchApp.fetchAll',
      ),
    ).toContain(
      'https://www.googleapis.com/auth/script.send_mail: the bundle never calls MailApp.sendEmail.',
    );
  });
});

it('Settings accepts a service address only under the allowlist', async () => {
  const w = await startWorld();
  try {
    const r = sidebar(w.rt).saveSettings({ baseUrl: 'https://elsewhere.example.com' });
    expect(r.refused).toMatch(
      /may only reach http:\/\/127\.0\.0\.1:8787\/ \(a published add-on can fetch nothing else\)/,
    );
    expect(r.baseUrl).toBe(w.emu.baseUrl);
  } finally {
    await w.close();
  }
});
