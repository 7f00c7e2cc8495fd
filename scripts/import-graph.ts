/**
 * The import graph of src/, read from the source text (every relative `import` and `export …
 * from`, type-only ones included): the layer picture in docs/layers.md is drawn from it, and the
 * layers test finds import cycles in it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /^(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'/gm;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.join(path.dirname(from), spec);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((f) => existsSync(f)) ?? null;
}

/** Each file of `root` and the files of `root` it imports. */
export function importGraph(root = 'src'): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(root)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolve(file, m[1]!))
      .filter((f): f is string => f !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import cycle, each once, as the files around it. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

/** A file's layer: its folder under src/, or the file's own name for the top-level files. */
export function layerOf(file: string): string {
  const parts = path.relative('src', file).split(path.sep);
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.ts$/, '');
}

/** How many imports go from each layer (or room `roomOf` puts a file in) to each other one. */
export function layerEdges(
  graph: Map<string, string[]>,
  roomOf: (file: string) => string = layerOf,
): Map<string, number> {
  const edges = new Map<string, number>();
  for (const [file, targets] of graph)
    for (const target of targets) {
      const [a, b] = [roomOf(file), roomOf(target)];
      if (a !== b) edges.set(`${a} -> ${b}`, (edges.get(`${a} -> ${b}`) ?? 0) + 1);
    }
  return new Map([...edges].sort(([x], [y]) => x.localeCompare(y)));
}

/** docs/layers.md: the layers as a Mermaid graph drawn from the imports, with their counts. */
export function layersDocument(graph = importGraph()): string {
  const edges = layerEdges(graph);
  const files = new Map<string, number>();
  for (const file of graph.keys()) files.set(layerOf(file), (files.get(layerOf(file)) ?? 0) + 1);
  const id = (layer: string) => layer.replace(/\W/g, '_');
  return [
    '# The layers of src/',
    '',
    'Written by `npm run docs` from the imports in `src/` (`scripts/import-graph.ts`); the layers',
    'test fails when this page no longer matches the code. Each box is a folder (or a top-level',
    'file) with its number of files; each arrow, how many imports go that way. Lint forbids the',
    'arrows that would point up (`eslint.config.mjs`), and the test finds no import cycle.',
    '',
    '```mermaid',
    'graph TD',
    ...[...files.keys()].sort().map((layer) => `  ${id(layer)}["${layer} (${files.get(layer)})"]`),
    ...[...edges].map(([edge, n]) => {
      const [a, b] = edge.split(' -> ') as [string, string];
      return `  ${id(a)} -->|${n}| ${id(b)}`;
    }),
    '```',
    '',
  ].join('\n');
}
