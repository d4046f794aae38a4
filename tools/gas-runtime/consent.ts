import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ExecutionEnv } from './execution';

/**
 * Granular OAuth consent (https://developers.google.com/apps-script/concepts/scopes,
 * https://developers.google.com/apps-script/reference/script/authorization-info): a person may
 * grant only some of the manifest's scopes; an execution still starts, and each call needing a
 * scope not granted throws. `ScriptApp.getAuthorizationInfo(AuthMode.FULL, scopes?)` answers
 * REQUIRED with an authorisation URL while any asked scope is missing, and
 * `ScriptApp.requireScopes` / `requireAllScopes` end the execution
 * (https://developers.google.com/apps-script/reference/script/script-app#requireScopes(AuthMode,String)).
 */
export const SCOPES = {
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  spreadsheetsCurrentOnly: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
} as const;

/** A bound script's manifest (the repository's appsscript.json) when no manifest is found. */
export const DEFAULT_MANIFEST_SCOPES: readonly string[] = [
  SCOPES.spreadsheetsCurrentOnly,
  SCOPES.containerUi,
  SCOPES.externalRequest,
  SCOPES.scriptApp,
];

/** The manifest's oauthScopes: `appsscript.json` beside the bundle, else the bound default. */
export function manifestScopesBeside(bundlePath: string): readonly string[] {
  const path = join(dirname(bundlePath), 'appsscript.json');
  if (!existsSync(path)) return DEFAULT_MANIFEST_SCOPES;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { oauthScopes?: unknown };
  return Array.isArray(manifest.oauthScopes)
    ? manifest.oauthScopes.map(String)
    : DEFAULT_MANIFEST_SCOPES;
}

/**
 * Who granted what: by default everyone granted every scope. `grant(scopes, email)` narrows one
 * person (or, without an email, everyone not named) to `scopes`; `'all'` restores full consent.
 */
export class ConsentTable {
  private everyone: ReadonlySet<string> | undefined;
  private readonly byUser = new Map<string, ReadonlySet<string> | undefined>();

  constructor(initial?: readonly string[]) {
    this.everyone = initial ? new Set(initial) : undefined;
  }

  grant(scopes: readonly string[] | 'all', email?: string): void {
    const set = scopes === 'all' ? undefined : new Set(scopes);
    if (email === undefined) {
      this.everyone = set;
      this.byUser.clear();
    } else this.byUser.set(email, set);
  }

  /** The scopes `email` granted; undefined: all of them. */
  grantedBy(email: string): ReadonlySet<string> | undefined {
    return this.byUser.has(email) ? this.byUser.get(email) : this.everyone;
  }
}

export const AUTHORIZATION_STATUS = { REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' };

/** The message `requireScopes` ends an execution with; Google documents a prompt, not words. */
export const REQUIRE_SCOPES_MESSAGE = 'Authorization is required to perform that action.';

/** ScriptApp's consent members: getAuthorizationInfo, requireScopes, requireAllScopes. */
export function consentMembers(
  env: ExecutionEnv,
  manifestScopes: readonly string[],
  scriptId: string,
): Record<string, unknown> {
  const missingOf = (asked: readonly string[]): string[] => {
    const granted = env.exec.grantedScopes;
    return granted ? asked.filter((scope) => !granted.has(scope)) : [];
  };
  const askedOf = (scopes: unknown): readonly string[] =>
    Array.isArray(scopes) ? scopes.map(String) : manifestScopes;
  const checkMode = (name: string, authMode: unknown) => {
    if (authMode === undefined) env.fail(`${name}: pass an AuthMode (ScriptApp.AuthMode.FULL).`);
  };
  const url = `https://script.google.com/macros/d/${scriptId}/authorize`;
  return {
    AuthorizationStatus: AUTHORIZATION_STATUS,
    getAuthorizationInfo: (authMode: unknown, scopes?: unknown) => {
      checkMode('ScriptApp.getAuthorizationInfo', authMode);
      const asked = askedOf(scopes);
      const missing = missingOf(asked);
      // Only FULL needs the person's consent (authorization-info: "no other authorization mode
      // requires that users grant authorization").
      const required = authMode === 'FULL' && missing.length > 0;
      return {
        getAuthorizationStatus: () =>
          required ? AUTHORIZATION_STATUS.REQUIRED : AUTHORIZATION_STATUS.NOT_REQUIRED,
        getAuthorizationUrl: () => (required ? url : null),
        getAuthorizedScopes: () =>
          env.realm.array(asked.filter((scope) => !missing.includes(scope))),
      };
    },
    requireScopes: (authMode: unknown, scopes: unknown) => {
      checkMode('ScriptApp.requireScopes', authMode);
      if (!Array.isArray(scopes))
        env.fail('ScriptApp.requireScopes(authMode, oauthScopes): pass an array of scopes.');
      if (missingOf(askedOf(scopes)).length > 0) env.fail(REQUIRE_SCOPES_MESSAGE);
    },
    requireAllScopes: (authMode: unknown) => {
      checkMode('ScriptApp.requireAllScopes', authMode);
      if (missingOf(manifestScopes).length > 0) env.fail(REQUIRE_SCOPES_MESSAGE);
    },
  };
}
