// `npm run deploy [-- --production]`: checks before anything else, then lint and tests, then one
// build with the production address into its own folder, checks the built manifest, and pushes
// exactly that folder with clasp. `.clasp.json` is the development script (committed as
// `{ "rootDir": "dist" }` for `clasp create` to fill), `.clasp.production.json` the production one.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { baseUrlProblem, manifestProblems } from './manifest-rules.mjs';

const production = process.argv.includes('--production');
const projectFile = production ? '.clasp.production.json' : '.clasp.json';
const OUT = 'build/deploy';

function stop(reason) {
  console.error(`deploy refused: ${reason}`);
  process.exit(1);
}

function run(command, args, env = {}) {
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) stop(`${command} ${args.join(' ')} failed.`);
}

const urlProblem = baseUrlProblem(process.env.VIS_BASE_URL);
if (urlProblem) stop(urlProblem);
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
