// Writes brands.json, the emulator's seed brand index. Deterministic: run it again and the file
// is the same. `npx tsx dev/emulator/data/generate-brands.ts`
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const first = [
  'Acme',
  'Northwind',
  'Bluebird',
  'Summit',
  'Lumen',
  'Cobalt',
  'Harbor',
  'Juniper',
  'Maple',
  'Orbit',
  'Pioneer',
  'Quartz',
  'Redwood',
  'Sable',
  'Tidal',
  'Umbra',
  'Vertex',
  'Willow',
  'Zenith',
  'Aurora',
  'Beacon',
  'Cedar',
  'Drift',
  'Ember',
  'Fable',
  'Granite',
  'Helix',
  'Ivory',
  'Kestrel',
  'Lattice',
];
const second = [
  'Analytics',
  'Foods',
  'Outdoor',
  'Finance',
  'Health',
  'Labs',
  'Logistics',
  'Studio',
  'Apparel',
  'Energy',
  'Robotics',
  'Travel',
  'Coffee',
  'Insurance',
  'Software',
  'Dental',
  'Bakery',
  'Plumbing',
  'Fitness',
  'Legal',
];
const tlds = ['com', 'io', 'co', 'com', 'ai', 'net', 'co.uk', 'com', 'de', 'app'];
/** Businesses whose customers must be nearby to buy: the preview builds them a local site. */
const LOCAL = new Set(['Dental', 'Bakery', 'Plumbing', 'Fitness', 'Legal', 'Coffee']);

let seed = 20261122;
function rand(): number {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
}

const brands = [];
for (let i = 0; i < 240; i++) {
  const a = first[i % first.length] as string;
  const b = second[(i * 7 + Math.floor(i / first.length)) % second.length] as string;
  const slug = `${a}-${b}`.toLowerCase();
  const score = Math.round((i * 37) % 101);
  const unqueried =
    rand() < 0.15 ? ['chatgpt', 'claude', 'gemini', 'aio'][Math.floor(rand() * 4)] : null;
  const platforms: Record<string, number | null> = {};
  for (const p of ['chatgpt', 'claude', 'gemini', 'aio']) {
    platforms[p] =
      p === unqueried ? null : Math.max(0, Math.min(100, Math.round(score + (rand() - 0.5) * 30)));
  }
  const day = 1 + Math.floor(rand() * 28);
  brands.push({
    brandName: `${a} ${b}`,
    slug,
    domain: `${slug.replace('-', '')}.${tlds[i % tlds.length]}`,
    overallScore: score,
    platformScores: platforms,
    lastScanDate: `2026-10-${String(day).padStart(2, '0')}T09:30:00.000Z`,
    local: LOCAL.has(b),
  });
}
// Names shared by two brands: a name lookup must report them as ambiguous.
for (const [i, j] of [
  [3, 33],
  [5, 65],
  [11, 101],
] as const) {
  (brands[j] as { brandName: string }).brandName = (brands[i] as { brandName: string }).brandName;
}
writeFileSync(path.join(__dirname, 'brands.json'), JSON.stringify(brands, null, 1) + '\n');
console.log(`wrote ${brands.length} brands`);
