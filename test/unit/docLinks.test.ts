// Every relative link and picture in README.md and docs/ points at a file that is there: a guide
// page whose pictures are broken links reads as a product that is.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** Relative targets of Markdown links and images and of HTML `src`/`href`, without anchors. */
function targets(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return found
    .map((t) => t.replace(/^<|>$/g, ''))
    .filter((t) => !/^(https?:|mailto:|#)/.test(t))
    .map((t) => t.split('#')[0]!)
    .filter(Boolean);
}

const files = ['README.md', ...markdownFiles('docs')];

it('finds the docs', () => {
  expect(files.length).toBeGreaterThan(10);
});

it.each(files)('%s links only to files that are there', (file) => {
  const text = readFileSync(file, 'utf8');
  const missing = targets(text).filter((t) => !existsSync(join(dirname(file), t)));
  expect(missing).toEqual([]);
});
