// The deployable bundle, loaded into a bare V8 context with ECMAScript built-ins only: every
// export of src/index.ts must be a top-level function, and nothing Apps Script lacks may be used.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import * as acorn from 'acorn';
import { exportedNames, globalNames, INDEX, menuGlobals } from '../../scripts/declarations.mjs';
import { VIS_FUNCTIONS } from '../../src/domain/visFunctions';
import defaults from '../../build-defaults.json';
import { GLOBALS_APPS_SCRIPT_LACKS } from '../appsScriptLacks';

const code = readFileSync('dist/Code.js', 'utf8');
// The same reading of src/index.ts and the menu's table that build.mjs uses (the TypeScript
// compiler API): the exports, a global per `*FromMenu` item, and one per VIS_* function.
const exported = [
  ...globalNames(exportedNames(INDEX)),
  ...menuGlobals(),
  ...Object.keys(VIS_FUNCTIONS),
];

describe('dist/Code.js', () => {
  it('exports a top-level function for every name src/index.ts exports and every menu item', () => {
    const context = vm.createContext({});
    vm.runInContext(code, context);
    expect(exported.length).toBeGreaterThan(5);
    for (const name of exported) expect(typeof context[name]).toBe('function');
  });

  it('gives every VIS_ function the help Sheets reads: its JSDoc, parameters in order', () => {
    for (const [name, spec] of Object.entries(VIS_FUNCTIONS)) {
      const params = spec.args.map((a) => a.name);
      expect(code).toMatch(
        new RegExp(`@customfunction\\s*\\*/\\s*function ${name}\\(${params.join(', ')}\\)`),
      );
      const doc = code
        .slice(0, code.indexOf(`function ${name}(`))
        .split('/**')
        .at(-1)!;
      // Sheets shows the @param names as the arguments: they are the parameters, in order.
      expect([...doc.matchAll(/@param \{[^}]*\} (\w+)/g)].map((m) => m[1])).toEqual(params);
      expect(doc).not.toMatch(/\{ENGINE_/);
    }
  });

  it('carries JSDoc only where Sheets reads it: custom functions', () => {
    const documented = [...code.matchAll(/\*\/\s*function (\w+)\(/g)].map((m) => m[1]);
    expect(documented.filter((n) => !n!.startsWith('VIS_'))).toEqual([]);
  });

  it('uses no syntax Apps Script rejects and stays under its size tripwire', () => {
    expect(code).not.toMatch(/(^|[^\w$])#[a-zA-Z_]\w*\s*[=;(]/);
    expect(Buffer.byteLength(code)).toBeLessThan(defaults.bundleTripwireKb * 1024);
  });

  it('lets Apps Script call exactly the functions src/index.ts exports', () => {
    // google.script.run and the script editor reach every top-level function whose name does not
    // end in `_` (docs/platform-limits.md, E5): every top-level binding is listed here.
    const program = acorn.parse(code, { ecmaVersion: 2020, sourceType: 'script' });
    const topLevel: string[] = [];
    for (const node of program.body) {
      if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration')
        topLevel.push(node.id!.name);
      if (node.type === 'VariableDeclaration')
        for (const d of node.declarations) if (d.id.type === 'Identifier') topLevel.push(d.id.name);
    }
    const callable = topLevel.filter((name) => !name.endsWith('_'));
    expect(callable.sort()).toEqual([...exported].sort());
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const functions = Object.keys(context).filter((k) => typeof context[k] === 'function');
    expect(functions.filter((name) => !name.endsWith('_')).sort()).toEqual([...exported].sort());
  });

  it('touches none of the globals Apps Script lacks while loading', () => {
    // Traps instead of absent names: a typeof check or a guarded read would not throw, but shows here.
    // (Calls are proven in the local runtime, which offers no such global either.)
    const touched: string[] = [];
    const traps: Record<string, unknown> = {};
    for (const name of GLOBALS_APPS_SCRIPT_LACKS) {
      Object.defineProperty(traps, name, { get: () => touched.push(name), enumerable: true });
    }
    const context = vm.createContext(traps);
    vm.runInContext(code, context);
    expect(typeof context.VIS_SCORE).toBe('function');
    expect(touched).toEqual([]);
  });
});
