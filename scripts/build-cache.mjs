// Whether `node build.mjs` may leave its output as it is: the same flags, every file a build reads
// unchanged (the whole of src/, the build's own scripts, the pinned packages), and the output
// itself as that build wrote it. Kept in node_modules/.cache, never in the output folder (deploy
// pushes that folder whole). Any doubt (no record, a file unreadable) builds again.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SOURCES = ['src'];
const FILES = [
  'build.mjs',
  'build-defaults.json',
  'appsscript.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-cache.mjs',
  'scripts/declarations.mjs',
];
const OUTPUTS = ['Code.js', 'Sidebar.html', 'appsscript.json'];
const DIR = path.join('node_modules', '.cache', 'visibility-build');

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .sort();
}

async function digest(files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex');
}

async function state(out, flags) {
  const inputs = [...FILES, ...(await Promise.all(SOURCES.map(filesUnder))).flat()];
  return {
    flags: JSON.stringify(flags),
    inputs: await digest(inputs),
    outputs: await digest(OUTPUTS.map((f) => path.join(out, f))),
  };
}

const recordOf = (out) =>
  path.join(
    DIR,
    `${createHash('sha256').update(path.resolve(out)).digest('hex').slice(0, 16)}.json`,
  );

export async function builtAlready(out, flags) {
  try {
    const [before, now] = await Promise.all([
      readFile(recordOf(out), 'utf8').then(JSON.parse),
      state(out, flags),
    ]);
    return JSON.stringify(before) === JSON.stringify(now);
  } catch {
    return false;
  }
}

export async function rememberBuild(out, flags) {
  await mkdir(DIR, { recursive: true });
  await writeFile(recordOf(out), JSON.stringify(await state(out, flags)));
}
