// Builds the deployable add-on into dist/: Code.js (one minified script, closed in a function so
// Apps Script sees none of its internals, plus a top-level function per export of src/index.ts,
// generated here from esbuild's metafile; esbuild bundles, swc minifies), Sidebar.html and
// appsscript.json. `node build.mjs` is always the local build (the emulator's address, loopback
// allowed), whatever the shell's environment holds, so `npm test` checks the same bundle anywhere.
// A release build names its settings as flags (npm run deploy passes them from VIS_*):
//   --base-url URL          the service address baked in and allowlisted
//   --trigger-minutes N     poll safety-net interval: 60 for the Marketplace add-on, 1 when bound
//   --extra-allowlist a,b   more allowlist prefixes
//   --looker-template ID    the Looker Studio template report "Open in Looker Studio" copies
//   --out DIR               where to write (default dist/)
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { builtAlready, rememberBuild } from './scripts/build-cache.mjs';

// Loaded when a build runs: an up-to-date dist/ is said in a few milliseconds (the TypeScript
// compiler alone takes half a second to load).
const esbuild = () => import('esbuild');
const declarations = () => import('./scripts/declarations.mjs');

/** The defaults, also the source's fallbacks (src/config.ts): one file, read by both. */
const DEFAULTS = JSON.parse(await readFile('build-defaults.json', 'utf8'));
export const DEFAULT_BASE_URL = DEFAULTS.baseUrl;
const PACKAGE_VERSION = JSON.parse(await readFile('package.json', 'utf8')).version;
/**
 * A tripwire, not the budget: what the budget guards is the time Apps Script spends loading the
 * project on every custom-function call, which `npm run bench` measures and holds to its target.
 */
const TRIPWIRE_BYTES = DEFAULTS.bundleTripwireKb * 1024;
/**
 * The one top-level name the bundle adds besides the exports. Apps Script neither lists nor lets
 * google.script.run call a name ending in `_`, and it is an object, not a function.
 */
export const BUNDLE_GLOBAL = 'vis_';
const FLAGS = [
  '--base-url',
  '--trigger-minutes',
  '--extra-allowlist',
  '--looker-template',
  '--out',
];

/** `--name value` pairs, refused in one line when unknown or without a value. */
function parseFlags(argv) {
  const flags = {};
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (!FLAGS.includes(name)) throw new Error(`build: unknown flag ${name} (${FLAGS.join(', ')})`);
    if (value === undefined || value.startsWith('--'))
      throw new Error(`build: ${name} needs a value`);
    flags[name.slice(2)] = value;
  }
  return flags;
}

function settings(flags) {
  const release = flags['base-url'] !== undefined;
  const baseUrl = (flags['base-url'] || DEFAULT_BASE_URL).replace(/\/+$/, '');
  const minutes = Number(flags['trigger-minutes'] || DEFAULTS.triggerMinutes);
  if (![1, 5, 10, 15, 30, 60].includes(minutes)) {
    throw new Error(`VIS_TRIGGER_MINUTES must be 1, 5, 10, 15, 30 or 60 (got ${minutes})`);
  }
  // Addresses Settings may point at. A published add-on can fetch nothing outside its manifest's
  // allowlist; a local build also accepts the emulator on any loopback port.
  const extra = (flags['extra-allowlist'] || '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const allowlist = [`${baseUrl}/`, ...extra];
  if (!release) allowlist.push('http://127.0.0.1:');
  // Team alerts post to Slack's and Google Chat's incoming webhooks: fetched, so allowlisted.
  const webhooks = Object.values(DEFAULTS.webhooks);
  const lookerTemplate = flags['looker-template'] ?? DEFAULTS.lookerTemplate;
  if (!/^[\w-]*$/.test(lookerTemplate))
    throw new Error(
      `VIS_LOOKER_TEMPLATE is a report id (letters, digits, - and _), got ${lookerTemplate}`,
    );
  return {
    baseUrl,
    minutes,
    allowlist,
    lookerTemplate,
    manifestAllowlist: [`${baseUrl}/`, ...extra, ...webhooks],
  };
}

const common = (s, plugins) => ({
  plugins,
  entryPoints: ['src/index.ts'],
  bundle: true,
  // Apps Script's V8 takes ES2020 (docs/platform-limits.md, E4): `?.` and `??` stay as written.
  target: 'es2020',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  legalComments: 'none',
  define: {
    __VIS_BASE_URL__: JSON.stringify(s.baseUrl),
    __VIS_TRIGGER_MINUTES__: String(s.minutes),
    __VIS_ALLOWLIST__: JSON.stringify(s.allowlist),
    __VIS_VERSION__: JSON.stringify(PACKAGE_VERSION),
    __VIS_LOOKER_TEMPLATE__: JSON.stringify(s.lookerTemplate),
  },
  logLevel: 'warning',
});

/**
 * The bundle as one script: an ESM build, minified, whose closing `export {local as name, ...}`
 * is taken off and read (local names by exported name). Apps Script runs every file in one global
 * scope and lets google.script.run and the editor call any top-level function: the body is closed
 * in a function that returns the exports as one object, so only the generated wrappers below are
 * callable. The function is in parentheses: V8 compiles a parenthesized function at once rather
 * than pre-parsing it and parsing it again when called (docs/benchmark.md, scenario 4).
 * esbuild bundles; swc's minifier (three compress passes) is smaller than esbuild's own. The
 * output stays ES2020 (the runtime refuses newer syntax).
 */
async function bundleScript(s, plugins) {
  const result = await (
    await esbuild()
  ).build({
    ...common(s, plugins),
    format: 'esm',
    write: false,
    metafile: true,
    outfile: 'Code.js',
  });
  const { minify } = await import('@swc/core');
  const { code: text } = await minify(result.outputFiles[0].text, {
    compress: { passes: 3, ecma: 2020 },
    mangle: { toplevel: true },
    module: true,
    ecma: 2020,
  });
  const tail = /export\s*\{([^}]*)\};?\s*$/.exec(text);
  if (!tail) throw new Error('build: the bundle has no export list');
  const locals = new Map(
    tail[1].split(',').map((pair) => {
      const [local, , name = local] = pair.trim().split(/\s+/);
      return [name, local];
    }),
  );
  const exports = Array.from(locals, ([name, local]) => `${name}:${local}`).join(',');
  const body = `var ${BUNDLE_GLOBAL}=(function(){"use strict";${text.slice(0, tail.index).trimEnd()}\nreturn{${exports}}})();`;
  return {
    body,
    names: Array.from(locals.keys()),
    inputs: Object.keys(result.metafile.inputs),
  };
}

/**
 * A top-level function calling the bundle's export through the entry: menu, trigger and sidebar
 * functions need no help, so they are one short line each (the bundle has a size budget).
 */
function wrapper(name, { ENTRY }) {
  return `function ${name}(){return ${BUNDLE_GLOBAL}.${ENTRY}(${BUNDLE_GLOBAL}.${name},arguments,'${name}')}\n`;
}

/**
 * A custom function's global, with the help Sheets reads (its JSDoc and parameter names) written
 * from its row of VIS_FUNCTIONS, the engines' words filled in from src/engines.ts.
 */
function visWrapper(name, spec, words, { ENTRY, VIS_ACTIONS }) {
  const lines = [
    spec.help,
    '',
    ...spec.args.map((a) => `@param {${a.example}} ${a.name} ${a.help}`),
    `@return ${spec.returns}`,
    '@customfunction',
  ];
  const doc = `/**\n${lines.map((l) => (l ? ` * ${l}` : ' *')).join('\n')}\n */`.replace(
    /\{(ENGINE_[A-Z]+)\}/g,
    (_, word) => words[word] ?? `{${word}}`,
  );
  if (/\{ENGINE_[A-Z]+\}/.test(doc))
    throw new Error(`build: ${name}'s help names an unknown engine word`);
  const params = spec.args.map((a) => a.name).join(', ');
  return `${doc}\nfunction ${name}(${params}) {\n  return ${BUNDLE_GLOBAL}.${ENTRY}(${BUNDLE_GLOBAL}.${VIS_ACTIONS}.${name},arguments);\n}\n`;
}

/**
 * Writes a built file whole or not at all: a runtime loading dist/ while another process builds
 * it (npm start beside the tests) reads the old file or the new one, never half of one. An
 * unchanged file is left alone.
 */
async function writeAtomically(file, text) {
  const before = await readFile(file, 'utf8').catch(() => null);
  if (before === text) return;
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/**
 * `flags` as on the command line. `plugins`, for tests only, are esbuild plugins that change a
 * source file as it is bundled (the fifth-engine test adds an engine to ENGINES this way).
 */
export async function build(flags = {}, { plugins = [] } = {}) {
  const s = settings(flags);
  /** Where the bundle goes: dist/ (tests, demo, playground), or the deploy script's own folder. */
  const OUT = flags.out || 'dist';
  const { body, names, inputs } = await bundleScript(s, plugins);
  const wrappers = [];
  const read = await declarations();
  const declared = read.declarationsOf(inputs.filter((f) => f.startsWith('src/')));
  for (const name of read.globalNames(names)) {
    if (!declared.get(name))
      throw new Error(`build: cannot find the declaration of exported function ${name}`);
    wrappers.push(wrapper(name, read));
  }
  // The menu's `*FromMenu` items and the VIS_* functions: one global each, made from their tables.
  for (const table of [read.MENU_ACTIONS, read.VIS_ACTIONS])
    if (!names.includes(table))
      throw new Error(`build: src/index.ts must export ${table}, the table its globals call`);
  for (const name of read.menuGlobals())
    wrappers.push(
      `function ${name}(){return ${BUNDLE_GLOBAL}.${read.ENTRY}(${BUNDLE_GLOBAL}.${read.MENU_ACTIONS}.${name},arguments)}\n`,
    );
  const words = engineWords(await loadModule('src/engines.ts', plugins));
  const { VIS_FUNCTIONS } = await loadModule('src/domain/visFunctions.ts', plugins);
  for (const [name, spec] of Object.entries(VIS_FUNCTIONS))
    wrappers.push(visWrapper(name, spec, words, read));
  const code = `${body}\n${wrappers.join('')}`;

  await mkdir(OUT, { recursive: true });
  await writeAtomically(path.join(OUT, 'Code.js'), code);

  const manifest = JSON.parse(await readFile('appsscript.json', 'utf8'));
  manifest.urlFetchWhitelist = s.manifestAllowlist;
  // The published add-on's trigger opens the user's spreadsheets by ID (it has no active
  // document), which needs `spreadsheets`. A script bound to one spreadsheet triggers with its
  // container active, so its build keeps the narrower `spreadsheets.currentonly`.
  if (s.minutes < 60) {
    manifest.oauthScopes = manifest.oauthScopes.map((scope) =>
      scope.endsWith('/auth/spreadsheets') ? `${scope}.currentonly` : scope,
    );
  }
  await fillWorkspaceAddOn(manifest, s.baseUrl, plugins);
  await writeAtomically(
    path.join(OUT, 'appsscript.json'),
    JSON.stringify(manifest, null, 2) + '\n',
  );

  await writeAtomically(path.join(OUT, 'Sidebar.html'), await sidebarHtml());

  const kb = (Buffer.byteLength(code) / 1024).toFixed(1);
  console.log(
    `${OUT}/Code.js ${kb} KB (tripwire ${TRIPWIRE_BYTES / 1024} KB), ${wrappers.length} globals, base URL ${s.baseUrl}, trigger every ${s.minutes} min`,
  );
  if (Buffer.byteLength(code) > TRIPWIRE_BYTES)
    throw new Error(
      `build: bundle over its ${TRIPWIRE_BYTES / 1024} KB tripwire: measure its load time (npm run bench) before raising it`,
    );
  return { names };
}

/** The sidebar: src/ui/sidebar.html with its stylesheet and bundled client script inlined. */
async function sidebarHtml() {
  const html = await readFile('src/ui/sidebar.html', 'utf8');
  const css = await readFile('src/ui/sidebar.css', 'utf8');
  const client = await (
    await esbuild()
  ).build({
    entryPoints: ['src/ui/client.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    logLevel: 'warning',
  });
  // The script is inlined in a <script> element: an inner "</script" would end it early.
  const js = client.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  const { tabs, panels } = await tabsMarkup();
  const { PRODUCT_NAME } = await loadModule('src/contract/product.ts');
  // Function replacements: the minified script may contain $& or $' patterns.
  return html
    .replace('<!--PRODUCT_NAME-->', () => PRODUCT_NAME)
    .replace('<!--TABS-->', () => tabs)
    .replace('<!--PANELS-->', () => panels)
    .replace('/*INLINE_CSS*/', () => css)
    .replace('/*INLINE_JS*/', () => js);
}

/** The sidebar's tabs and panels, from the one table of them (src/contract/sidebar.ts). */
async function tabsMarkup() {
  return (await loadModule('src/contract/sidebar.ts')).tabsMarkup();
}

/**
 * The Workspace add-on part of the manifest: each link-preview trigger matches the service's own
 * report and brand links at the build's base URL (src/domain/reportLinks.ts), the logos are the
 * icon the service hosts beside them, and Studio's steps come from their table.
 */
async function fillWorkspaceAddOn(manifest, baseUrl, plugins) {
  const { linkPatterns } = await loadModule('src/domain/reportLinks.ts', plugins);
  // Workspace Studio's steps, from their one table (src/contract/studio.ts).
  const { STUDIO_STEPS } = await loadModule('src/contract/studio.ts');
  const variable = (v) => ({
    id: v.id,
    description: v.description,
    cardinality: 'SINGLE',
    dataType: { basicType: v.type },
  });
  manifest.addOns.flows = {
    workflowElements: Object.values(STUDIO_STEPS).map((step) => ({
      id: step.id,
      state: 'ACTIVE',
      name: step.name,
      description: step.description,
      workflowAction: {
        inputs: step.inputs.map(variable),
        outputs: step.outputs.map(variable),
        onConfigFunction: step.onConfigFunction,
        onExecuteFunction: step.onExecuteFunction,
      },
    })),
  };
  const logoUrl = `${baseUrl}/icon-128.png`;
  manifest.addOns.common.logoUrl = logoUrl;
  for (const host of ['docs', 'sheets', 'slides'])
    for (const trigger of [
      ...manifest.addOns[host].linkPreviewTriggers,
      ...(manifest.addOns[host].createActionTriggers ?? []),
    ]) {
      trigger.logoUrl = logoUrl;
      if (trigger.patterns) trigger.patterns = linkPatterns(baseUrl);
    }
}

/** A source module's exports, bundled as the add-on's are (with the same plugins). */
async function loadModule(entry, plugins = []) {
  const built = await (
    await esbuild()
  ).build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'warning',
    plugins,
  });
  const source = Buffer.from(built.outputFiles[0].text).toString('base64');
  return import(`data:text/javascript;base64,${source}`);
}

/** The engines as the custom functions' help names them: keys, names, and their gap columns. */
function engineWords({ ENGINES }) {
  const list = (items, last) =>
    items.length > 1 ? `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}` : items.join('');
  return {
    ENGINE_KEYS: list(Object.keys(ENGINES), 'or'),
    ENGINE_NAMES: list(Object.values(ENGINES), 'and'),
    ENGINE_GAPS: Object.values(ENGINES)
      .map((n) => `${n} gap`)
      .join(', '),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  Promise.resolve()
    .then(async () => {
      const flags = parseFlags(process.argv.slice(2));
      const out = flags.out || 'dist';
      const cached = await builtAlready(out, flags);
      if (cached) return console.log(`${out}/ is up to date: nothing it is built from changed`);
      await build(flags);
      await rememberBuild(out, flags);
    })
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
