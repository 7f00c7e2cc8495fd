// `engines.node` is true to the dependencies: every installed package accepts every Node.js
// version the project says it runs on, so `npm ci` has no EBADENGINE warning to give.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: unknown }>;
};

it('every locked package accepts the whole engines.node range', () => {
  const ours = pkg.engines.node;
  const narrower = Object.entries(lock.packages)
    .filter(([name]) => name !== '')
    .map(([name, meta]) => [name, (meta.engines as { node?: unknown } | undefined)?.node] as const)
    .filter((e): e is readonly [string, string] => typeof e[1] === 'string')
    .filter(([, node]) => !semver.subset(ours, node))
    .map(([name, node]) => `${name} wants node ${node}`);
  expect(narrower).toEqual([]);
});

it('the range includes the Node.js running the tests', () => {
  expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
});
