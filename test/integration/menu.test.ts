import { startWorld, type World } from './harness';

let w: World;
afterEach(() => w?.close());

describe('menu and sidebar', () => {
  it('builds the add-on menu in AuthMode.NONE without touching any other service', async () => {
    w = await startWorld();
    expect(() =>
      w.rt.run('onOpen', [{ authMode: 'NONE' }], { mode: 'simple-trigger', authNone: true }),
    ).not.toThrow();
    expect(w.rt.ui.menus[0]!.items.map((i) => i.caption)).toEqual([
      'Open sidebar',
      'Generate previews for selection',
      'Refresh pending previews',
      'Scan monitor',
      'Refresh scan monitor now',
      'Rescan selected agents',
      'Settings',
    ]);
    // Every menu item names a global the bundle really has.
    for (const item of w.rt.ui.menus[0]!.items)
      expect(() => w.rt.run(item.fn, [], { mode: 'menu' })).not.toThrow(
        /Script function not found/,
      );
  });

  it('opens the sidebar on the panel asked for, and the key is shown masked only', async () => {
    w = await startWorld();
    w.rt.run('showSettings', [], { mode: 'menu' });
    expect(w.rt.ui.sidebar!.title).toBe('Visibility for Sheets');
    expect(w.rt.ui.sidebar!.html).toContain('data-panel="settings"');
    const s = w.rt.runFromSidebar('getSettings') as { maskedKey: string; hasKey: boolean };
    expect(s).toMatchObject({ hasKey: true, maskedKey: '••••••••-key' });
    expect(() => w.rt.runFromSidebar('saveSettings', [{ baseUrl: 'ftp://nope' }])).toThrow(
      /base URL must start with https/,
    );
    expect(
      (w.rt.runFromSidebar('saveSettings', [{ apiKey: '' }]) as { hasKey: boolean }).hasKey,
    ).toBe(false);
  });

  it('tests the connection in plain words', async () => {
    w = await startWorld({ apiKey: 'wrong-key' });
    expect((w.rt.runFromSidebar('testConnection') as { message: string }).message).toMatch(
      /refused your API key/,
    );
    w.rt.runFromSidebar('saveSettings', [{ baseUrl: 'http://127.0.0.1:9' }]);
    expect((w.rt.runFromSidebar('testConnection') as { message: string }).message).toMatch(
      /did not answer/,
    );
  });
});
