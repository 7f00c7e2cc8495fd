/**
 * The built project as Apps Script loads it: `dist/Code.js`, compiled once per version of the file
 * and shared by the runtimes of one process. Apps Script's V8 runs the syntax Google's own
 * TypeScript template compiles to, ES2020 (docs/platform-limits.md E4): newer syntax is refused at
 * load, as a SyntaxError, so a bundle built for a newer target fails here rather than on Google.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import * as acorn from 'acorn';
import { GasError } from './errors';

/** Compiled bundles by file version (path, size, time). */
const COMPILED = new Map<string, vm.Script>();

export function compiledBundle(distDir: string): vm.Script {
  const file = path.join(distDir, 'Code.js');
  const { size, mtimeMs } = statSync(file);
  const version = `${file}:${size}:${mtimeMs}`;
  const known = COMPILED.get(version);
  if (known) return known;
  const code = readFileSync(file, 'utf8');
  // The check's answer for this exact text is kept on disk: every test file loads the bundle
  // afresh, and parsing 200 KB costs each of them about 150 ms.
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 24);
  const checked = path.join(os.tmpdir(), `visibility-es2020-checked-${hash}`);
  if (!existsSync(checked)) {
    try {
      acorn.parse(code, { ecmaVersion: 2020, sourceType: 'script' });
    } catch (error) {
      throw new GasError(`SyntaxError: ${(error as Error).message} (Code.js, beyond ES2020)`);
    }
    writeFileSync(checked, '');
  }
  const script = new vm.Script(code, { filename: file });
  COMPILED.set(version, script);
  return script;
}
