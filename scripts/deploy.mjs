// `npm run deploy [-- --production]` (any other flag is refused): checks before anything else, then lint and tests, then one
// build with the production address into its own folder, checks the built manifest, and pushes
// exactly that folder with clasp. `.clasp.json` is the development script (committed as
// `{ "rootDir": "dist" }` for `clasp create` to fill), `.clasp.production.json` the production one.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { baseUrlProblem, manifestProblems } from './manifest-rules.mjs';

const FLAGS = ['--production'];
const USAGE = 'npm run deploy [-- --production]';
const production = process.argv.includes('--production');
const projectFile = production ? '.clasp.production.json' : '.clasp.json';
const OUT = 'build/deploy';

function stop(reason) {
  console.error(`deploy refused: ${reason}`);
  process.exit(1);
}

/**
 * npm keeps the flags written before `--` for itself: `npm run deploy --prod` expands to
 * `--production`, sets NODE_ENV=production and passes nothing on, and an unknown `--prodd`
 * arrives only as npm_config_prodd. Both would push to development unnoticed.
 */
function npmFlagsGiven() {
  if (!process.env.npm_lifecycle_event) return [];
  if (process.env.NODE_ENV === 'production' && !production) return ['--prod or --production'];
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_config_')),
  );
  const listed = spawnSync('npm', ['config', 'ls', '-l', '--json'], {
    encoding: 'utf8',
    env: clean,
  });
  if (listed.status !== 0) return [];
  const known = new Set([
    ...Object.keys(JSON.parse(listed.stdout)),
    // set by npm itself for every script, though not settings
    ...['npm-version', 'local-prefix', 'global-prefix', 'user-agent'],
  ]);
  return Object.keys(process.env)
    .filter((k) => k.toLowerCase().startsWith('npm_config_'))
    .map((k) => k.slice('npm_config_'.length).toLowerCase().replace(/_/g, '-'))
    .filter((name) => !known.has(name))
    .map((name) => `--${name}`);
}

function run(command, args, env = {}) {
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) stop(`${command} ${args.join(' ')} failed.`);
}

const urlProblem = baseUrlProblem(process.env.VIS_BASE_URL);
if (urlProblem) stop(urlProblem);
const unknown = process.argv.slice(2).filter((a) => !FLAGS.includes(a));
if (unknown.length)
  stop(`unknown flag ${unknown.join(' ')}: the one flag is --production (${USAGE}).`);
const npmFlags = npmFlagsGiven();
if (npmFlags.length)
  stop(`npm took ${npmFlags.join(' ')} for itself (flags go after --): run ${USAGE}.`);
if (!existsSync(projectFile))
  stop(`${projectFile} is missing: create the script first (README, "Deploy").`);
const project = JSON.parse(readFileSync(projectFile, 'utf8'));
if (!project.scriptId || /REPLACE/.test(project.scriptId))
  stop(
    `${projectFile} has no scriptId: run npx clasp create --type sheets --rootDir dist once (README, "Deploy").`,
  );

run('npm', ['run', 'lint']);
run('npm', ['test']);
run('node', ['build.mjs'], { VIS_OUT_DIR: OUT });

const manifest = JSON.parse(readFileSync(path.join(OUT, 'appsscript.json'), 'utf8'));
const problems = manifestProblems(manifest, readFileSync(path.join(OUT, 'Code.js'), 'utf8'));
if (problems.length) stop(`the built manifest breaks Google's rules: ${problems.join(' ')}`);

// clasp reads rootDir relative to the project file: one written beside the build pushes it.
writeFileSync(
  path.join('build', '.clasp.json'),
  JSON.stringify({ scriptId: project.scriptId, rootDir: 'deploy' }),
);
run('npx', ['clasp', 'push', '--force', '-P', path.join('build', '.clasp.json')]);
console.log(
  `Pushed ${OUT} (${process.env.VIS_BASE_URL}) to ${production ? 'production' : 'development'}.`,
);
