import { AuthError, CrmError, ForbiddenError, NotFoundError, ValidationError } from '../api';
import { RateLimitedNoCacheError } from './cache/read-through';
import { errorCauseOf } from './errors';
import { isMessageKey, type Translate, translator } from './i18n';
import { crmOwnText } from './person-message';

/**
 * CRM failures and coded mistakes (core/errors.ts: a query's, a column's) in words a person in
 * a cell can act on; an error already in words (thrown by this module) passes as it is.
 */
export function formulaError(error: unknown, t: Translate = translator('en')): unknown {
  const cause = errorCauseOf(error);
  if (cause && !(error instanceof CrmError)) {
    const key = `ui.error.${cause.code}`;
    if (isMessageKey(key)) return new Error(t(key, cause.params));
  }
  if (error instanceof RateLimitedNoCacheError) {
    return new Error(t('formulas.rateLimited', { seconds: error.retryAfterSeconds }));
  }
  if (!(error instanceof CrmError)) return error;
  // The CRM's own words only: the client's English (no answer, a body of the wrong shape, a
  // redirect) must not reach a Portuguese user's cell (issue 18); a code stands in for it.
  const detail = crmOwnText(error) ?? (error.status > 0 ? `HTTP ${error.status}` : error.name);
  if (error instanceof AuthError) return new Error(t('formulas.keyRefused', { detail }));
  if (error instanceof ForbiddenError) {
    return new Error(
      error.accountInactive
        ? t('formulas.accountSuspended', { detail })
        : t('formulas.scopeMissing', {
            scope: error.requiredPermission ?? t('formulas.scopeNotNamed'),
            detail,
          }),
    );
  }
  if (error instanceof NotFoundError) return new Error(t('formulas.notFound', { detail }));
  if (error instanceof ValidationError) {
    return new Error(t('formulas.queryRefused', { detail: error.detail }));
  }
  return new Error(t('formulas.unavailable', { detail }));
}
