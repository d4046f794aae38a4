import { codedError } from '../core/errors';
import { isMessageKey, type Translate } from '../core/i18n';

/**
 * Granular OAuth consent. A person may grant only some of the scopes the manifest asks for; an
 * execution still starts and fails at the first call that needs a missing one, and an add-on's
 * trigger after an update that needs new consent keeps firing and stops at that call
 * (APPS-SCRIPT-FACTS.md; https://developers.google.com/apps-script/concepts/scopes,
 * https://developers.google.com/workspace/add-ons/concepts/editor-triggers). So work is gated on
 * ScriptApp.getAuthorizationInfo(AuthMode.FULL, scopes)
 * (https://developers.google.com/apps-script/reference/script/script-app#getAuthorizationInfo(AuthMode,String),
 * https://developers.google.com/apps-script/reference/script/authorization-info), before any
 * UrlFetch or trigger call. requireScopes is not used: it ends the execution (with a prompt the
 * documentation shows only for the editor), and a trigger must first pause its jobs.
 */
declare const CRM_OAUTH_SCOPES: readonly string[];

/** The scopes of this build's manifest (scripts/build/bundle.ts defines them). */
export const MANIFEST_SCOPES: readonly string[] =
  typeof CRM_OAUTH_SCOPES === 'undefined' ? [] : CRM_OAUTH_SCOPES;

export interface ConsentGap {
  /** The asked scopes the person has not granted. */
  missing: readonly string[];
  /** Where they grant them; '' when Apps Script gave none. */
  url: string;
}

/** AuthorizationInfo with the members the bundled types (an older @types) lack. */
interface AuthorizationInfo {
  getAuthorizationStatus(): unknown;
  getAuthorizationUrl(): string | null;
  getAuthorizedScopes?: () => string[] | null;
}

/**
 * Which of `scopes` (default: all of the manifest's) the person has not granted, and the URL
 * where they can; undefined when nothing is missing.
 *
 * Undocumented readings, both handled: getAuthorizedScopes() may return null (the reference
 * says `String[]|null`) or miss a scope the status does not require — the status decides, and
 * without a usable list every asked scope is named. getAuthorizationInfo itself may throw where
 * consent is not modelled (or, unknown, need a scope of its own): then nothing is known, and the
 * work goes on as before the check, its first unauthorised call failing as Apps Script makes it.
 */
export function consentGap(scopes: readonly string[] = MANIFEST_SCOPES): ConsentGap | undefined {
  let info: AuthorizationInfo;
  try {
    const full = ScriptApp.AuthMode.FULL;
    const get = ScriptApp.getAuthorizationInfo as unknown as (
      mode: unknown,
      scopes?: string[],
    ) => AuthorizationInfo;
    info = scopes.length > 0 ? get(full, [...scopes]) : get(full);
  } catch {
    return undefined;
  }
  const status = info.getAuthorizationStatus();
  // The enum, or its name where a runtime gives strings.
  const required = (ScriptApp as { AuthorizationStatus?: { REQUIRED?: unknown } })
    .AuthorizationStatus?.REQUIRED;
  if (status !== required && String(status) !== 'REQUIRED') {
    return undefined;
  }
  const authorized =
    typeof info.getAuthorizedScopes === 'function' ? info.getAuthorizedScopes() : null;
  const missing = Array.isArray(authorized)
    ? scopes.filter((scope) => !authorized.includes(scope))
    : [];
  return { missing: missing.length > 0 ? missing : scopes, url: info.getAuthorizationUrl() ?? '' };
}

/** One permission as Google's consent screen words it, in the person's language. */
function permissionWords(scope: string, t: Translate): string {
  const key = `consent.scope.${scope.replace('https://www.googleapis.com/auth/', '')}`;
  return isMessageKey(key) ? `“${t(key)}”` : scope;
}

/** The `{permissions, url}` of the consent messages, in the person's language. */
export function consentParams(gap: ConsentGap, t: Translate): { permissions: string; url: string } {
  return {
    permissions: gap.missing.map((scope) => permissionWords(scope, t)).join(', '),
    url: gap.url || t('consent.noLink'),
  };
}

/**
 * The error a start refused for missing consent throws: English for scripts, and the code that
 * sidebars turn into `ui.error.consentMissing` with the permissions in the person's words.
 */
export function consentError(gap: ConsentGap, t: Translate): Error {
  return codedError(
    `Permission needed: the person has not granted ${gap.missing.join(', ')}. Authorise at ${gap.url || 'the add-on menu'} and try again.`,
    'consentMissing',
    consentParams(gap, t),
  );
}

/** Throws consentError when a scope of the manifest is not granted. */
export function requireConsent(t: Translate): void {
  const gap = consentGap();
  if (gap) throw consentError(gap, t);
}
