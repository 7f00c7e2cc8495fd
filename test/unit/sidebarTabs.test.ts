// The sidebar's tab bars and panels are written from the one table of sections (build.mjs puts
// them into the page): every tab has its button and its panel, and every reference lands.
import { PANEL_LABELS, PANELS, SECTIONS, tabsMarkup } from '../../src/contract/sidebar';

const { tabs, panels } = tabsMarkup();
const ids = (html: string) => [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);

it('gives every tab a button reading its name and a panel labelled by it', () => {
  for (const p of PANELS) {
    expect(tabs).toContain(
      `<button id="tab-${p}" role="tab" data-panel="${p}">${PANEL_LABELS[p]}</button>`,
    );
    expect(panels).toContain(
      `id="panel-${p}" class="panel" role="tabpanel" aria-labelledby="tab-${p}"`,
    );
  }
  expect(ids(panels)).toEqual(PANELS.map((p) => `panel-${p}`));
});

it('gives a section of several tabs its button and a second row that it controls', () => {
  const all = new Set(ids(tabs + panels));
  for (const s of SECTIONS.filter((x) => x.panels.length > 1)) {
    expect(tabs).toContain(`aria-controls="subtabs-${s.id}">${s.label}</button>`);
    expect(all.has(`subtabs-${s.id}`)).toBe(true);
  }
  for (const [, target] of (tabs + panels).matchAll(/aria-(?:controls|labelledby)="([^"]+)"/g))
    expect(all.has(target!)).toBe(true);
});
