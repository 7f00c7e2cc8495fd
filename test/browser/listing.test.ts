// `npm run listing`: the Marketplace images come out at the sizes the listing asks for.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeListing } from '../../scripts/listing';

/** Width and height from a PNG's IHDR chunk. */
function size(file: string): [number, number] {
  const png = readFileSync(file);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

it('renders the icons at 32 and 128 px and four 1280 x 800 screenshots', async () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'listing-'));
  const files = await makeListing(out);
  expect(files.map((f) => path.basename(f))).toEqual([
    'icon-32.png',
    'icon-128.png',
    'screenshot-scores.png',
    'screenshot-previews.png',
    'screenshot-compare.png',
    'screenshot-scan-monitor.png',
  ]);
  expect(files.map(size)).toEqual([
    [32, 32],
    [128, 128],
    [1280, 800],
    [1280, 800],
    [1280, 800],
    [1280, 800],
  ]);
  // Six pictures in one Chromium: about 20 s on a quiet 2-core machine, past 90 s with a second
  // process on both cores (issue 61), so the limit is the slow machine's, not the quiet one's.
}, 240_000);
