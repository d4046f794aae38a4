import { describe, expect, it } from 'vitest';
import { DEFAULT_MANIFEST_SCOPES, REQUIRE_SCOPES_MESSAGE, SCOPES } from './consent';
import { createGasRuntime } from './index';

const code = `
  function info(scopes) {
    var i = scopes ? ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL, scopes)
                   : ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
    return [String(i.getAuthorizationStatus()), i.getAuthorizationUrl(), i.getAuthorizedScopes()];
  }
  function require(scopes) { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopes); return 'went on'; }
  function requireAll() { ScriptApp.requireAllScopes(ScriptApp.AuthMode.FULL); return 'went on'; }
  function fetch() { return UrlFetchApp.fetch('https://crm.example.com/api/v1/x').getResponseCode(); }
  function trigger() { return ScriptApp.newTrigger('fetch').timeBased().after(60000).create().getUniqueId(); }
  function sheet() { return SpreadsheetApp.getActiveSpreadsheet().getName(); }`;

const withoutExternal = DEFAULT_MANIFEST_SCOPES.filter((s) => s !== SCOPES.externalRequest);
const make = (grantedScopes?: readonly string[]) =>
  createGasRuntime({
    code,
    manifestScopes: DEFAULT_MANIFEST_SCOPES,
    ...(grantedScopes ? { grantedScopes } : {}),
    fetch: () => ({ status: 200, headers: {}, body: '{}' }),
  });

describe('granular consent', () => {
  it('by default every scope is granted: NOT_REQUIRED, no URL, calls work', () => {
    const runtime = make();
    expect(runtime.runOrThrow('info')).toEqual([
      'NOT_REQUIRED',
      null,
      [...DEFAULT_MANIFEST_SCOPES],
    ]);
    expect(runtime.runOrThrow('require', [SCOPES.externalRequest])).toBe('went on');
    expect(runtime.runOrThrow('fetch')).toBe(200);
  });

  it('a scope withheld: REQUIRED with the URL, requireScopes throws, its calls throw, others work', () => {
    const runtime = make(withoutExternal);
    const [status, url, authorized] = runtime.runOrThrow('info') as [string, string, string[]];
    expect(status).toBe('REQUIRED');
    expect(url).toBe('https://script.google.com/macros/d/local-script-id/authorize');
    expect(authorized).toEqual(withoutExternal);
    // Asked about granted scopes only, nothing is required.
    expect(runtime.runOrThrow('info', [SCOPES.scriptApp])).toEqual([
      'NOT_REQUIRED',
      null,
      [SCOPES.scriptApp],
    ]);
    expect(runtime.run('require', [SCOPES.externalRequest]).error?.message).toBe(
      REQUIRE_SCOPES_MESSAGE,
    );
    expect(runtime.run('requireAll').error?.message).toBe(REQUIRE_SCOPES_MESSAGE);
    expect(runtime.runOrThrow('require', [SCOPES.scriptApp])).toBe('went on');
    expect(runtime.run('fetch').error?.message).toBe(
      `Specified permissions are not sufficient to call UrlFetchApp.fetch. Required permissions: ${SCOPES.externalRequest}`,
    );
    expect(runtime.requests).toEqual([]);
    expect(typeof runtime.runOrThrow('trigger')).toBe('string');
    expect(runtime.runOrThrow('sheet')).toBe(runtime.workbook.name);
  });

  it('trigger management needs script.scriptapp; granting later lets the next execution through', () => {
    const runtime = make(DEFAULT_MANIFEST_SCOPES.filter((s) => s !== SCOPES.scriptApp));
    expect(runtime.run('trigger').error?.message).toMatch(
      /^Specified permissions are not sufficient to call ScriptApp.newTrigger/,
    );
    expect(runtime.triggers()).toEqual([]);
    runtime.grantScopes('all');
    expect((runtime.runOrThrow('info') as string[])[0]).toBe('NOT_REQUIRED');
    expect(typeof runtime.runOrThrow('trigger')).toBe('string');
  });

  it('consent is per person', () => {
    const runtime = make();
    runtime.grantScopes(withoutExternal, 'bia@example.com');
    expect(runtime.runOrThrow('fetch')).toBe(200);
    runtime.setUser('bia@example.com');
    expect(runtime.run('fetch').ok).toBe(false);
  });
});
