// What src/index.ts exposes, read with the TypeScript compiler API (not regular expressions): the
// exported names, and for each the parameter names and JSDoc of its declaration, so build.mjs can
// write one top-level function per export. Shared with test/integration/bundle.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

function parse(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

const isExported = (node) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;

/**
 * What src/index.ts exports to run every other export through (src/gas/entry.ts): not a global
 * of its own, but what each global calls.
 */
export const ENTRY = '__entry';

/**
 * What src/index.ts exports as the menu's actions, by global (src/addon/menu.ts): not a global of
 * its own either; build.mjs makes one global per `*FromMenu` item of src/contract/menu.ts from it.
 */
export const MENU_ACTIONS = '__menu';

/**
 * What src/index.ts exports as the custom functions' bodies, by name (src/addon/customFunctions.ts):
 * build.mjs makes each VIS_* global and its help from VIS_FUNCTIONS (src/domain/visFunctions.ts).
 */
export const VIS_ACTIONS = '__vis';

/** The globals Apps Script sees of src/index.ts's exports: every export but the tables'. */
export const globalNames = (names) =>
  names.filter((n) => n !== ENTRY && n !== MENU_ACTIONS && n !== VIS_ACTIONS);

export const MENU_TABLE = path.join('src', 'contract', 'menu.ts');

/**
 * The menu items whose global runs a workflow (`*FromMenu`), read from the MENU table of
 * src/contract/menu.ts with the compiler API: each becomes a global calling its action.
 */
export function menuGlobals(file = MENU_TABLE) {
  const names = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) && /^[A-Za-z_$][\w$]*FromMenu$/.test(node.text))
      names.push(node.text);
    ts.forEachChild(node, visit);
  };
  for (const statement of parse(file).statements)
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some(
        (d) => ts.isIdentifier(d.name) && d.name.text === 'MENU',
      )
    )
      visit(statement);
  return names;
}

/** The names a module re-exports or exports itself, in source order. */
export function exportedNames(file) {
  const names = [];
  for (const statement of parse(file).statements) {
    if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const e of statement.exportClause.elements) if (!e.isTypeOnly) names.push(e.name.text);
    } else if (ts.isFunctionDeclaration(statement) && statement.name && isExported(statement)) {
      names.push(statement.name.text);
    }
  }
  return names;
}

function paramNames(parameters) {
  return parameters.map((p) =>
    ts.isIdentifier(p.name) ? p.name.text : `arg${parameters.indexOf(p)}`,
  );
}

/** The leading /** ... *\/ comment of a node, as written. */
function jsDoc(source, node) {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const docs = ranges.filter((r) => source.text.startsWith('/**', r.pos));
  const last = docs[docs.length - 1];
  return last ? source.text.slice(last.pos, last.end) : '';
}

/** Each exported function's parameters and JSDoc, found in the given source files. */
export function declarationsOf(files) {
  const out = new Map();
  for (const file of files) {
    const source = parse(file);
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name && isExported(statement)) {
        out.set(statement.name.text, {
          doc: jsDoc(source, statement),
          params: paramNames(statement.parameters),
        });
      } else if (ts.isVariableStatement(statement) && isExported(statement)) {
        for (const d of statement.declarationList.declarations) {
          const init = d.initializer;
          if (
            ts.isIdentifier(d.name) &&
            init &&
            (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
          )
            out.set(d.name.text, {
              doc: jsDoc(source, statement),
              params: paramNames(init.parameters),
            });
          // A function made by a call from a table (the menu's `*FromMenu`): no parameters.
          else if (ts.isIdentifier(d.name) && init && ts.isCallExpression(init))
            out.set(d.name.text, { doc: jsDoc(source, statement), params: [] });
        }
      }
    }
  }
  return out;
}

export const INDEX = path.join('src', 'index.ts');
