// Jest transform: TypeScript to CommonJS with esbuild (already the bundler), no type checking —
// `npm run typecheck` (tsc --noEmit) is its own step.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: filename.endsWith('.ts') ? 'ts' : 'js',
      format: 'cjs',
      target: 'node20',
      sourcemap: true,
      sourcefile: filename,
    });
    return { code, map };
  },
};
