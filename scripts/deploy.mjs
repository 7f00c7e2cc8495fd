// `npm run deploy [-- --production]` (any other flag is refused): checks its inputs before
// anything else, checks the source (lint, type check, unit tests; skipped when this same tree
// already passed them), builds once with the production address into its own folder, checks the
// built manifest, loads that bundle in the local runtime, and pushes exactly that folder with
// clasp. `.clasp.json` is the development script (committed as `{ "rootDir": "dist" }` for
// `clasp create` to fill), `.clasp.production.json` the production one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allowlistProblems, baseUrlProblem, manifestProblems } from './manifest-rules.mjs';
import { flagsNpmTook } from './npm-flags.mjs';

const FLAGS = ['--production'];
const USAGE = 'npm run deploy [-- --production]';
const TRIGGER_MINUTES = ['1', '5', '10', '15', '30', '60'];
const production = process.argv.includes('--production');
const projectFile = production ? '.clasp.production.json' : '.clasp.json';
const OUT = path.join('build', 'deploy');
const CHECKED = path.join('build', 'deploy-checked.json');
const started = Date.now();

function stop(reason) {
  console.error(`deploy refused: ${reason}`);
  process.exit(1);
}

function say(line) {
  console.log(`deploy: ${line}`);
}

/** The checks run with the shell's VIS_* and NODE_ENV left out: they test the source, not a release. */
function checkEnvironment() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VIS_') && k !== 'NODE_ENV'),
  );
}

function run(what, command, args, env = process.env) {
  const r = spawnSync(command, args, { stdio: 'inherit', env });
  if (r.status !== 0) stop(`${what} failed (${[command, ...args].join(' ')}).`);
}

/** A digest of every file a clone holds (tracked, or new and not ignored), or null outside git. */
function treeDigest() {
  const listed = spawnSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], {
    encoding: 'utf8',
  });
  if (listed.status !== 0) return null;
  const hash = createHash('sha256');
  for (const file of listed.stdout.split('\0').filter(Boolean).sort()) {
    if (/^\.clasp/.test(file) || !existsSync(file)) continue;
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function readProject() {
  if (!existsSync(projectFile))
    stop(
      production
        ? `${projectFile} is missing: create the production script first (docs/deploy.md, step 7).`
        : `${projectFile} is missing: it is committed as { "rootDir": "dist" }; restore it with git checkout .clasp.json.`,
    );
  let project;
  try {
    project = JSON.parse(readFileSync(projectFile, 'utf8'));
  } catch {
    stop(`${projectFile} is not JSON: restore it and run clasp create again (docs/deploy.md).`);
  }
  if (typeof project.scriptId !== 'string' || !project.scriptId || /REPLACE/.test(project.scriptId))
    stop(
      production
        ? `${projectFile} has no scriptId: create the production script first (docs/deploy.md, step 7).`
        : `${projectFile} has no scriptId: run npx clasp create --type sheets --title "Visibility for Sheets (dev)" --rootDir dist once (docs/deploy.md).`,
    );
  return project;
}

// 1. Inputs, each refused in one line before anything runs.
const unknown = process.argv.slice(2).filter((a) => !FLAGS.includes(a));
if (unknown.length)
  stop(`unknown flag ${unknown.join(' ')}: the one flag is --production (${USAGE}).`);
const npmFlags = flagsNpmTook();
if (npmFlags.length)
  stop(`npm took ${npmFlags.join(' ')} for itself (flags go after --): run ${USAGE}.`);
const baseUrl = process.env.VIS_BASE_URL;
const urlProblem = baseUrlProblem(baseUrl);
if (urlProblem) stop(urlProblem);
const minutes = process.env.VIS_TRIGGER_MINUTES || '60';
if (!TRIGGER_MINUTES.includes(minutes))
  stop(`VIS_TRIGGER_MINUTES must be one of ${TRIGGER_MINUTES.join(', ')} (got ${minutes}).`);
const extra = process.env.VIS_EXTRA_ALLOWLIST || '';
const extraProblems = extra ? allowlistProblems(extra.split(',').map((p) => p.trim())) : [];
if (extraProblems.length) stop(`VIS_EXTRA_ALLOWLIST: ${extraProblems.join(' ')}`);
const project = readProject();

// 2. The source: lint, types and unit tests, once per tree.
const tree = treeDigest();
const checkedBefore = tree && existsSync(CHECKED) && readFileSync(CHECKED, 'utf8').includes(tree);
if (checkedBefore) {
  say('lint, type check and unit tests already passed for this exact tree: not run again.');
} else {
  say('lint, type check and unit tests (about a minute)…');
  const env = checkEnvironment();
  run('lint', 'npm', ['run', '--silent', 'lint'], env);
  run('the type check', 'npm', ['run', '--silent', 'typecheck'], env);
  run('the unit tests', 'npx', ['jest', '--selectProjects', 'unit', '--silent'], env);
  if (tree) {
    mkdirSync('build', { recursive: true });
    writeFileSync(CHECKED, JSON.stringify({ tree }) + '\n');
  }
}

// 3. One build with the release settings, into a folder of its own that holds nothing else.
rmSync(OUT, { recursive: true, force: true });
const buildFlags = ['--base-url', baseUrl, '--trigger-minutes', minutes, '--out', OUT];
const lookerTemplate = process.env.VIS_LOOKER_TEMPLATE || '';
run('the build', 'node', [
  'build.mjs',
  ...buildFlags,
  ...(extra ? ['--extra-allowlist', extra] : []),
  ...(lookerTemplate ? ['--looker-template', lookerTemplate] : []),
]);

// 4. What Google will check of it, and the bundle loading as Google would load it.
const manifest = JSON.parse(readFileSync(path.join(OUT, 'appsscript.json'), 'utf8'));
const problems = manifestProblems(manifest, readFileSync(path.join(OUT, 'Code.js'), 'utf8'));
if (problems.length) stop(`the built manifest breaks Google's rules: ${problems.join(' ')}`);
run('loading the built bundle in the local runtime', 'node', [
  '--import',
  'tsx',
  'scripts/deploy-smoke.ts',
  OUT,
  baseUrl.replace(/\/+$/, ''),
]);

// 5. The push. clasp reads rootDir relative to the project file: one written beside the build
// pushes exactly that folder, whatever clasp create left in dist/.
writeFileSync(
  path.join('build', '.clasp.json'),
  JSON.stringify({ scriptId: project.scriptId, rootDir: 'deploy' }),
);
const clasp = path.join('node_modules', '.bin', 'clasp');
const pushed = spawnSync(clasp, ['push', '--force', '-P', path.join('build', '.clasp.json')], {
  stdio: 'inherit',
});
if (pushed.status !== 0)
  stop(
    'clasp push failed. Not logged in: npx clasp login. "User has not enabled the Apps Script API": turn it on at https://script.google.com/home/usersettings and wait a few minutes. "Requested entity was not found": the scriptId in ' +
      `${projectFile} is not a script of the account you logged in with.`,
  );
const seconds = Math.round((Date.now() - started) / 1000);
say(
  `pushed ${OUT} (${baseUrl}, trigger every ${minutes} min) to ${production ? 'production' : 'development'} in ${seconds} s. Open the script: https://script.google.com/d/${project.scriptId}/edit`,
);
// The Workspace add-on part matches links with the deployment pinned in the Marketplace SDK, not
// with what was just pushed: a stale pin means previews silently never fire (docs/deploy.md).
if (JSON.parse(readFileSync(path.join(OUT, 'appsscript.json'), 'utf8')).addOns)
  say(
    'link previews and the @ menu use the deployment pinned in the Marketplace SDK (App configuration > Google Workspace add-on): after you make a versioned deployment of this push, set its ID there, or Docs, Sheets and Slides keep the old one (docs/deploy.md).',
  );
