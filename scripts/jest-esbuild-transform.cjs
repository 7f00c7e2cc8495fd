// Jest transform: TypeScript to CommonJS with esbuild (already the bundler), no type checking —
// `npm run typecheck` (tsc --noEmit) is its own step.
const { transformSync } = require('esbuild');
const { pathToFileURL } = require('node:url');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: filename.endsWith('.ts') ? 'ts' : 'js',
      format: 'cjs',
      target: 'node20',
      sourcemap: true,
      sourcefile: filename,
      // CommonJS has no import.meta: scripts that find files beside themselves get their own URL.
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(filename).href) },
    });
    return { code, map };
  },
};
