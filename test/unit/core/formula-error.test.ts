/**
 * What a CRM_* formula's cell says when the CRM fails (issue 18: no English a Portuguese user
 * can reach). The client's own English (a body of the wrong shape names what it expected, a
 * network failure says it could not reach the CRM) is for scripts; a cell says the person's
 * words and, in parentheses, only the CRM's own text or a code.
 */
import { describe, expect, it } from 'vitest';
import { AuthError, NetworkError, UnexpectedResponseError } from '../../../src/api/errors';
import { formulaError } from '../../../src/core/formula-error';
import { translator } from '../../../src/core/i18n';

const pt = translator('pt');

function cellText(error: unknown): string {
  return (formulaError(error, pt) as Error).message;
}

describe('a formula whose CRM request failed', () => {
  it("does not show the client's English for a body of the wrong shape", () => {
    const shape = new UnexpectedResponseError(
      'The CRM answered 200 to GET /leads with an unexpected shape: data[0].status: expected one of open, won, lost, got "x"',
      { status: 200, body: { data: [] }, snippet: '{"data":[]}', issuePath: 'data[0].status' },
    );
    const text = cellText(shape);
    expect(text).toMatch(/^O CRM não conseguiu responder \(HTTP 200\)/);
    expect(text).not.toMatch(/expected one of|answered|unexpected shape/);
  });

  it("does not show the client's English when the CRM could not be reached", () => {
    const text = cellText(
      new NetworkError('Could not reach the CRM (GET /leads): timeout', { status: 0 }),
    );
    expect(text).not.toMatch(/Could not|timeout/);
    expect(text).toContain('NetworkError');
  });

  it("keeps the CRM's own (Portuguese) words", () => {
    const refused = new AuthError('API Key inválida.', {
      status: 401,
      body: { message: 'API Key inválida.' },
    });
    expect(cellText(refused)).toContain('(API Key inválida.)');
  });
});
