// `npm run deploy`'s last check before the push: the release bundle it is about to push, loaded in
// the local runtime as Google loads it. The menu builds in AuthMode.NONE, every item names a
// global the bundle defines, the sidebar opens, and Settings starts from the release address and
// refuses loopback.
// Nothing is fetched: the release address is not reachable from here.
//   node --import tsx scripts/deploy-smoke.ts <built folder> <base URL>
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GasRuntime } from '../dev/gas-runtime/runtime';

const [dir, baseUrl] = process.argv.slice(2);
if (!dir || !baseUrl) throw new Error('usage: deploy-smoke.ts <built folder> <base URL>');

function fail(reason: string): never {
  console.error(`deploy refused: the built bundle ${reason}`);
  process.exit(1);
}

const rt = new GasRuntime({ distDir: path.resolve(dir) });
const checked = (() => {
  rt.run('onOpen', [{ authMode: 'NONE' }], { mode: 'simple-trigger', authNone: true });
  const items = rt.ui.menus[0]?.items ?? [];
  if (items.length === 0) fail('builds no menu in onOpen.');
  const code = readFileSync(path.join(dir, 'Code.js'), 'utf8');
  const missing = items.filter((i) => !new RegExp(`^function ${i.fn}\\(`, 'm').test(code));
  if (missing.length)
    fail(`has menu items with no function: ${missing.map((i) => i.fn).join(', ')}.`);
  rt.run('showSidebar', [], { mode: 'menu' });
  if (!rt.ui.sidebar?.html.includes('data-panel')) fail('opens no sidebar.');
  const settings = rt.runFromSidebar('getSettings', []) as { baseUrl?: string };
  if (settings.baseUrl !== baseUrl)
    fail(`starts from the service address ${settings.baseUrl}, not ${baseUrl}.`);
  // The local build's loopback allowance must not ship: Settings refuses the emulator's address.
  const local = rt.runFromSidebar('saveSettings', [{ baseUrl: 'http://127.0.0.1:8787' }]) as {
    refused?: string;
  };
  if (!local.refused) fail('lets Settings point at http://127.0.0.1 (a local build?).');
  return `${items.length} menu items, the sidebar, service ${baseUrl}`;
})();
void rt.close().then(() => console.log(`deploy: the built bundle loads: ${checked}.`));
