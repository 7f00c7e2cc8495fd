// What a custom function is given on the memory kit: the key only where its owner allowed it in
// this file, and public lookups without it.
import { formulaEnv } from '../../src/addon/customFunctions';
import { writeSettings } from '../../src/kit/settings';
import { memoryKit } from '../../dev/memoryKit';

const BASE = 'https://service.example';

it('gives a keyed function the key only where its owner ticked it for this file', () => {
  const kit = memoryKit({ apiKey: 'vis_live_owner', baseUrl: BASE });
  expect(formulaEnv(kit, true)).toMatchObject({ keyAllowed: false });
  writeSettings(kit.records.mine, 'another-file', { allowFormulasToUseKey: true });
  expect(formulaEnv(kit, true)).toMatchObject({ keyAllowed: false });
  writeSettings(kit.records.mine, kit.tables.fileId(), { allowFormulasToUseKey: true });
  expect(formulaEnv(kit, true)).toMatchObject({
    keyAllowed: true,
    config: { baseUrl: BASE, apiKey: 'vis_live_owner' },
  });
  expect(formulaEnv(kit, false)).toMatchObject({ keyAllowed: false, config: { baseUrl: BASE } });
  expect(formulaEnv(kit, false).config).not.toHaveProperty('apiKey');
});
