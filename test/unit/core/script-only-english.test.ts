import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createCrmClient } from '../../../src/api/client';
import {
  AuthError,
  CrmError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  UnexpectedResponseError,
  UnprocessableError,
} from '../../../src/api/errors';
import { parseInput } from '../../../src/api/issues';
import { translator } from '../../../src/core/i18n';
import { JobYield } from '../../../src/core/jobs/errors';
import { startFailure } from '../../../src/core/jobs/requests';
import { crmDetail, hasPersonWords, personMessage } from '../../../src/core/person-message';
import { readsAsEnglish } from '../repo/english-scan';

/**
 * The proofs behind test/unit/repo/script-only-english.ts: `describeIssue` (api/issues.ts) and
 * `startFailure` (core/jobs/requests.ts) write English for the Apps Script API's callers, and a
 * Portuguese person never reads it: every error carrying it also carries what a person reads
 * (the issues' facts, the CRM's answer as its cause, or a code). Each kind of message those
 * functions make is walked here, through every way a person could be shown it.
 */
const pt = translator('pt');

/** What a person could read, without the CRM's own (Portuguese) words and quoted values. */
function personTexts(error: unknown): string[] {
  const texts = [personMessage(error, pt)];
  if (error instanceof CrmError) texts.push(crmDetail(error, pt));
  return texts.map((text) => text.replace(/"[^"]*"|“[^”]*”|\([^)]*\)/g, ' '));
}

function refusal(schema: z.ZodMiniType, value: unknown): unknown {
  try {
    parseInput(schema, value, 'leads.upsert');
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('describeIssue: a refused argument’s English is for scripts', () => {
  const cases: Array<[string, z.ZodMiniType, unknown, RegExp]> = [
    ['a wrong type', z.object({ value: z.number() }), { value: 'muito' }, /expected number/],
    [
      'a value not listed',
      z.object({ mode: z.enum(['a', 'b']) }),
      { mode: 'c' },
      /expected one of/,
    ],
    ['a number too small', z.object({ n: z.number().check(z.gte(2)) }), { n: 1 }, /at least 2/],
    ['a number too big', z.object({ n: z.number().check(z.lte(2)) }), { n: 3 }, /at most 2/],
    ['an empty text', z.object({ s: z.string().check(z.minLength(1)) }), { s: '' }, /be empty/],
    [
      'too few items',
      z.object({ l: z.array(z.string()).check(z.minLength(1)) }),
      { l: [] },
      /at least 1/,
    ],
    [
      'no accepted form',
      z.object({ u: z.union([z.number(), z.boolean()]) }),
      { u: 'x' },
      /accepted form/,
    ],
    ['a key not known', z.strictObject({ a: z.number() }), { a: 1, b: 2 }, /unknown key/],
  ];
  it.each(cases)(
    '%s: English for scripts, Portuguese for a person',
    (_what, schema, value, english) => {
      const error = refusal(schema, value);
      expect((error as Error).message).toMatch(english);
      expect(hasPersonWords(error)).toBe(true);
      for (const text of personTexts(error)) expect(readsAsEnglish(text), text).toBe(false);
    },
  );

  it('a CRM answer of an unexpected shape: the person reads the CRM failed, in Portuguese', async () => {
    const client = createCrmClient({
      baseUrl: 'https://crm.example.com/api/v1',
      apiKey: 'crm_test_0123456789abcdef',
      transport: {
        send: () => ({ status: 200, headers: {}, body: '{"id":"not a number","name":7}' }),
      },
    });
    let error: unknown;
    try {
      await client.account.get();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/unexpected shape: .*expected/);
    for (const text of personTexts(error)) expect(readsAsEnglish(text), text).toBe(false);
  });
});

describe('startFailure: “Could not … Try again in a minute.” is for scripts', () => {
  const init = (message: string, status: number) => ({ status, body: { message } });
  const failures: Array<[string, unknown]> = [
    ['a refused key', new AuthError('API Key inválida.', init('API Key inválida.', 401))],
    ['a suspended account', new ForbiddenError('Conta inativa.', init('Conta inativa.', 403))],
    [
      'a missing permission',
      new ForbiddenError('Sem permissão.', {
        ...init('Sem permissão.', 403),
        requiredPermission: 'leads:write',
      }),
    ],
    ['a plain refusal', new ForbiddenError('Proibido.', init('Proibido.', 403))],
    [
      'the rate limit',
      new RateLimitError('Muitas requisições.', {
        ...init('Muitas requisições.', 429),
        retryAfterSeconds: 30,
      }),
    ],
    ['no answer', new NetworkError('Timeout: https://crm.example.com', { status: 0 })],
    ['not found', new NotFoundError('Não encontrado.', init('Não encontrado.', 404))],
    ['refused', new UnprocessableError('Dados inválidos.', init('Dados inválidos.', 422))],
    ['a server error', new CrmError('Erro interno.', init('Erro interno.', 500))],
    ['no rate-limit slot in time', new JobYield('rate limit', 1_000)],
  ];
  it.each(failures)('%s', (_what, failure) => {
    const error = startFailure(failure, 'start the import');
    expect((error as Error).message).toMatch(/^Could not start the import: /);
    expect(hasPersonWords(error)).toBe(true);
    for (const text of personTexts(error)) expect(readsAsEnglish(text), text).toBe(false);
  });
});
