import { GLOSSARY } from '../../src/domain/glossary';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { MENU } from '../../src/contract/menu';

let w: World;
afterEach(() => w?.close());

describe('menu and sidebar', () => {
  it('builds the add-on menu in AuthMode.NONE without touching any other service', async () => {
    w = await startWorld();
    expect(() =>
      w.rt.run('onOpen', [{ authMode: 'NONE' }], { mode: 'simple-trigger', authNone: true }),
    ).not.toThrow();
    // Every item of the menu's table, in its order, each running the global it names.
    expect(w.rt.ui.menus[0]!.items.map((i) => [i.caption, i.fn])).toEqual(
      MENU.flat().map(([caption, fn]) => [caption, fn]),
    );
    // Every menu item names a global the bundle really has.
    for (const item of w.rt.ui.menus[0]!.items)
      expect(() => w.rt.run(item.fn, [], { mode: 'menu' })).not.toThrow(
        /Script function not found/,
      );
  });

  it('builds the same menu in AuthMode.LIMITED, calling nothing LIMITED refuses (A7)', async () => {
    w = await startWorld();
    w.rt.resetCounts();
    w.rt.run('onOpen', [{ authMode: 'LIMITED' }], { mode: 'simple-trigger' });
    expect(w.rt.ui.menus[0]!.items).toHaveLength(MENU.flat().length);
    expect(w.rt.fetchStats.requests).toBe(0);
  });

  it('opens the sidebar on the panel asked for, and the key is shown masked only', async () => {
    w = await startWorld();
    w.rt.run('showSettings', [], { mode: 'menu' });
    expect(w.rt.ui.sidebar!.title).toBe('Visibility for Sheets');
    expect(w.rt.ui.sidebar!.html).toContain('data-panel="settings"');
    const s = sidebar(w.rt).getSettings();
    expect(s).toMatchObject({ hasKey: true, maskedKey: '••••••••-key' });
    const refused = sidebar(w.rt).saveSettings({ baseUrl: 'ftp://nope' });
    expect(refused.refused).toMatch(/service address must start with https/);
    expect(refused.baseUrl).toBe(w.emu.baseUrl);
    expect(sidebar(w.rt).saveSettings({ apiKey: '' }).hasKey).toBe(false);
  });

  it('remembers that Test connection accepted the key, until the key or the address changes', async () => {
    w = await startWorld();
    const api = sidebar(w.rt);
    expect(api.getSettings().keyTested).toBe(false);
    expect(api.testConnection().ok).toBe(true);
    // A later sidebar (another day) still knows: the checklist stays ticked.
    expect(api.getSettings().keyTested).toBe(true);
    expect(api.saveSettings({ apiKey: 'demo-starter-key' }).keyTested).toBe(false);
    api.testConnection();
    expect(api.saveSettings({ baseUrl: w.emu.baseUrl }).keyTested).toBe(false);
    // A key the service refuses is not remembered as tested.
    api.saveSettings({ apiKey: 'wrong-key' });
    expect(api.testConnection().ok).toBe(false);
    expect(api.getSettings().keyTested).toBe(false);
  });

  it('lets only the spreadsheet owner allow formulas to use a key, and tells others why', async () => {
    w = await startWorld();
    const colleague = 'colleague@example.com';
    const seen = sidebar(w.rt, colleague).getSettings();
    expect(seen.formulaKeyRefused).toMatch(/Only the spreadsheet owner/);
    const r = sidebar(w.rt, colleague).saveSettings({
      apiKey: 'demo-pro-key',
      allowFormulasToUseKey: true,
    });
    expect(r.refused).toMatch(/Only the spreadsheet owner/);
    expect(r.allowFormulasToUseKey).toBe(false);
    expect(r.hasKey).toBe(false);
    const owner = sidebar(w.rt).getSettings();
    expect(owner.formulaKeyRefused).toBeNull();
  });

  it('gives no key to the formulas of a file in a shared drive, which has no owner (P3)', async () => {
    w = await startWorld();
    w.rt.spreadsheet.owner = null;
    const r = sidebar(w.rt).saveSettings({ apiKey: 'demo-pro-key', allowFormulasToUseKey: true });
    expect(r.refused).toMatch(/shared drive, which has no owner/);
    expect(r.allowFormulasToUseKey).toBe(false);
    expect(sidebar(w.rt).getSettings().formulaKeyRefused).toMatch(/shared drive/);
    // Without the key the formulas still give public scores.
    expect(w.rt.customFunction('VIS_SCORE', 'nike.com')).toEqual(expect.any(Number));
  });

  it('Help shows the version and diagnostics to copy, with no key in them', async () => {
    w = await startWorld();
    w.rt.run('showHelp', [], { mode: 'menu' });
    const html = w.rt.ui.sidebar!.html;
    expect(html).toMatch(/Visibility for Sheets \d+\.\d+\.\d+/);
    expect(html).toContain('key: saved (••••••••-key)');
    expect(html).toContain('URL fetches today:');
    expect(html).not.toContain('demo-pro-key');
    // Help says how to use each feature itself: a Marketplace user has no README.
    expect(html).toMatch(/<b>Preview reports<\/b>: add your API key in Settings/);
    expect(html).toMatch(/<b>Lead magnets<\/b>: Lists → Leads: choose the sheet a form writes/);
    expect(html).not.toContain('README');
    // The glossary, from its one table: what each number is, and what we do not measure.
    for (const [term] of GLOSSARY)
      expect(html).toContain(`<dt style="font-weight:bold">${term}</dt>`);
    expect(html).toMatch(/<summary><b>What the numbers mean<\/b>/);
  });

  it('tests the connection in plain words', async () => {
    w = await startWorld({ apiKey: 'wrong-key' });
    expect(sidebar(w.rt).testConnection().message).toMatch(/refused your API key/);
    sidebar(w.rt).saveSettings({ baseUrl: 'http://127.0.0.1:9' });
    // Not in the manifest's allowlist: the runtime refuses the fetch as Google does.
    expect(sidebar(w.rt).testConnection().message).toMatch(/did not answer/);
    expect(w.rt.logs.some((l) => l.includes("not in the manifest's urlFetchWhitelist"))).toBe(true);
  });
});
