import { describe, expect, it } from 'vitest';
import { createGasRuntime } from './index';

const OWNER = 'owner@example.com';
const EDITOR = 'editor@example.com';

const CODE = `
function saveKey(key) { PropertiesService.getUserProperties().setProperty('key', key); }
function readKey() { return PropertiesService.getUserProperties().getProperty('key'); }
function cacheKey(key) { CacheService.getUserCache().put('key', key); }
function KEY() {
  return [PropertiesService.getUserProperties().getProperty('key'),
          CacheService.getUserCache().get('key'),
          Session.getActiveUser().getEmail()];
}`;

describe('a shared spreadsheet (sharing option)', () => {
  it('gives each person their own user properties and cache in ordinary executions', () => {
    const runtime = createGasRuntime({ code: CODE, sharing: { owner: OWNER, editors: [EDITOR] } });
    runtime.runAs(OWNER, 'saveKey', 'owner-key');
    runtime.runAs(EDITOR, 'saveKey', 'editor-key');
    expect(runtime.runAs(OWNER, 'readKey').value).toBe('owner-key');
    expect(runtime.runAs(EDITOR, 'readKey').value).toBe('editor-key');
    expect(runtime.properties('user', EDITOR)).toEqual({ key: 'editor-key' });
  });

  it("runs custom functions with the OWNER's user properties and cache, whoever recalculates", () => {
    const runtime = createGasRuntime({ code: CODE, sharing: { owner: OWNER, editors: [EDITOR] } });
    runtime.runAs(OWNER, 'saveKey', 'owner-key');
    runtime.runAs(OWNER, 'cacheKey', 'owner-cached');
    runtime.runAs(EDITOR, 'saveKey', 'editor-key');
    runtime.runAs(EDITOR, 'cacheKey', 'editor-cached');
    for (const user of [OWNER, EDITOR]) {
      expect(runtime.runCustomFunctionAs(user, 'KEY').value).toEqual([
        'owner-key',
        'owner-cached',
        '',
      ]);
    }
  });

  it('the first user is the owner; only the owner and editors can run anything', () => {
    const runtime = createGasRuntime({ code: CODE, sharing: { owner: OWNER, editors: [EDITOR] } });
    runtime.runOrThrow('saveKey', 'first');
    expect(runtime.properties('user', OWNER)).toEqual({ key: 'first' });
    expect(() => runtime.runAs('stranger@example.com', 'readKey')).toThrow(
      /stranger@example.com cannot run anything in this spreadsheet/,
    );
  });

  it('without the option, a custom function sees whoever runs it (the single-user model)', () => {
    const runtime = createGasRuntime({ code: CODE });
    runtime.runAs(EDITOR, 'saveKey', 'editor-key');
    expect(runtime.runCustomFunctionAs(EDITOR, 'KEY').value).toEqual(['editor-key', null, '']);
  });
});
