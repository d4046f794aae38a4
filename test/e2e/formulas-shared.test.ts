/**
 * CRM_* formulas in a shared spreadsheet, with the real bundle in the local runtime's multi-user
 * mode: custom functions see the OWNER's user properties whoever recalculates (as Apps Script
 * does), so a formula reads the CRM only where the owner allowed their own key
 * (crmAllowFormulas), and nobody else can allow it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionResult } from '../../tools/gas-runtime/index';
import {
  type AddonWorld,
  addonBundle,
  BASE_URL,
  createAddonWorld,
  DEMO_KEYS,
} from './addon-harness';

const OWNER = 'owner@example.com';
const EDITOR = 'editor@example.com';
const NOT_ALLOWED =
  /CRM formulas are not allowed in this spreadsheet\..*the owner must open CRM → Settings/;

beforeAll(async () => {
  await addonBundle(false);
});

function sharedWorld(locale = 'en_US'): Promise<AddonWorld> {
  // The owner saves the demo admin key (createAddonWorld runs crmConfigure as the first user).
  return createAddonWorld({
    runtime: {
      sharing: { owner: OWNER, editors: [EDITOR] },
      workbook: { sheets: { Painel: [['=CRM_PIPELINES()', '=CRM_ACCOUNT()']] }, locale },
    },
  });
}

/** A custom function recalculated by `user`; the keys of the requests it sent. */
function recalc(world: AddonWorld, user: string, fn = 'CRM_ACCOUNT') {
  const before = world.runtime.requests.length;
  const result: ExecutionResult = world.runtime.runCustomFunctionAs(user, fn);
  const keys = world.runtime.requests.slice(before).map((r) => r.requestHeaders['x-api-key']);
  return { result, keys };
}

function allow(world: AddonWorld, user: string, allowed: boolean): unknown {
  const result = world.runtime.runAs(user, 'crmAllowFormulas', allowed);
  if (!result.ok) throw new Error(`crmAllowFormulas failed: ${result.error?.message}`);
  return result.value;
}

describe('formulas in a shared spreadsheet', () => {
  it("until the owner allows them, nobody's formula makes a request, and the message names the owner", async () => {
    const world = await sharedWorld();
    for (const user of [OWNER, EDITOR]) {
      const { result, keys } = recalc(world, user);
      expect(result.ok).toBe(false);
      expect(result.error?.message).toMatch(NOT_ALLOWED);
      expect(keys).toEqual([]);
    }
  });

  it("a formula speaks the spreadsheet's language", async () => {
    const world = await sharedWorld('pt_BR');
    expect(recalc(world, EDITOR).result.error?.message).toMatch(
      /^As fórmulas do CRM não estão liberadas nesta planilha\..*o proprietário precisa abrir CRM → Configurações/,
    );
  });

  it("an allowed spreadsheet serves the owner's formulas, with the owner's key, to every editor", async () => {
    const world = await sharedWorld();
    expect(allow(world, OWNER, true)).toEqual({ allowed: true });
    const byEditor = recalc(world, EDITOR);
    expect(byEditor.result.error).toBeUndefined();
    expect(byEditor.keys).toEqual([DEMO_KEYS.admin]);
    expect(byEditor.result.value).toEqual([
      ['id', 'name', 'plan'],
      [1, 'Comercial Automação Demo Ltda', 'Profissional'],
    ]);
    // The owner's recalculation is then served from the cache: no request.
    expect(recalc(world, OWNER).keys).toEqual([]);
    expect(world.runtime.runAs(OWNER, 'uiGetSettings').value).toMatchObject({
      formulasAllowed: true,
    });
  });

  it('disallowing stops formulas at once, cached results included', async () => {
    const world = await sharedWorld();
    allow(world, OWNER, true);
    expect(recalc(world, EDITOR).result.ok).toBe(true);
    expect(allow(world, OWNER, false)).toEqual({ allowed: false });
    for (const user of [OWNER, EDITOR]) {
      const { result, keys } = recalc(world, user);
      expect(result.error?.message).toMatch(NOT_ALLOWED);
      expect(keys).toEqual([]);
    }
  });

  it("an editor cannot allow the owner's key, and an editor's own key never serves formulas", async () => {
    const world = await sharedWorld();
    // Without a key of their own, the editor is told to save one first.
    const keyless = world.runtime.runAs(EDITOR, 'crmAllowFormulas', true);
    expect(keyless.error?.message).toMatch(/Save your API key first/);
    // With their own key, the editor allows *their* key: formulas still run as the owner's.
    const saved = world.runtime.runAs(EDITOR, 'crmConfigure', {
      apiKey: DEMO_KEYS.other,
      baseUrl: BASE_URL,
    });
    expect(saved.error).toBeUndefined();
    expect(allow(world, EDITOR, true)).toEqual({ allowed: true });
    for (const user of [OWNER, EDITOR]) {
      const { result, keys } = recalc(world, user);
      expect(result.error?.message).toMatch(NOT_ALLOWED);
      expect(keys).toEqual([]);
    }
    // The owner's properties hold no consent the editor wrote (crm.person is the owner's own
    // random id, under which their pacer shares the key's budget with other people).
    const ownerKeys = Object.keys(world.runtime.properties('user', OWNER));
    expect(ownerKeys.filter((key) => key !== 'crm.person')).toEqual(['crm.settings']);
  });

  it('a new key (or base URL) needs consent again', async () => {
    const world = await sharedWorld();
    allow(world, OWNER, true);
    expect(recalc(world, EDITOR).result.ok).toBe(true);
    world.runtime.runAs(OWNER, 'crmConfigure', { apiKey: DEMO_KEYS.readonly });
    const { result, keys } = recalc(world, EDITOR, 'CRM_PIPELINES');
    expect(result.error?.message).toMatch(NOT_ALLOWED);
    expect(keys).toEqual([]);
    allow(world, OWNER, true);
    expect(recalc(world, EDITOR, 'CRM_PIPELINES').keys).toEqual([DEMO_KEYS.readonly]);
  });
});

describe('CRM → Refresh formulas', () => {
  it('is in the menu, keeps every formula as written, and makes cached results reload', async () => {
    const world = await sharedWorld();
    world.runtime.runOrThrow('onOpen');
    const captions = world.runtime.ui
      .menus()
      .at(-1)
      ?.items.map((item) => ('caption' in item ? item.caption : '-'));
    expect(captions).toEqual([
      'Settings',
      'Import leads',
      'Export leads',
      'Send template',
      'Lead actions',
      'Push changes',
      'Pipeline report',
      'Jobs',
      'Refresh formulas',
      '-',
      'Help',
    ]);
    allow(world, OWNER, true);
    const first = recalc(world, EDITOR, 'CRM_PIPELINES');
    expect(first.keys).toHaveLength(1);
    const pipeline = world.sandbox.state.pipelines.find((p) => p.id === 1);
    if (!pipeline) throw new Error('demo pipeline 1 missing');
    pipeline.name = 'Vendas 2027';
    // Fresh in the cache: the change is not seen, and no request leaves.
    const cached = recalc(world, EDITOR, 'CRM_PIPELINES');
    expect(cached.keys).toEqual([]);
    expect(JSON.stringify(cached.result.value)).not.toContain('Vendas 2027');

    const refresh = world.runtime.ui.clickMenuItem('Refresh formulas');
    expect(refresh.error).toBeUndefined();
    // Each formula's text changed and changed back (a TextFinder swap): what Sheets re-runs.
    expect(world.runtime.executions.at(-1)?.calls['TextFinder.replaceAllWith']).toBe(2);
    expect(world.runtime.sheet('Painel').getFormulas()[0]).toEqual([
      '=CRM_PIPELINES()',
      '=CRM_ACCOUNT()',
    ]);
    expect(world.runtime.ui.toasts().at(-1)).toMatchObject({
      message: 'Recalculating 2 CRM formulas.',
    });
    const after = recalc(world, EDITOR, 'CRM_PIPELINES');
    expect(after.keys).toEqual([DEMO_KEYS.admin]);
    expect(JSON.stringify(after.result.value)).toContain('Vendas 2027');
  });
});
