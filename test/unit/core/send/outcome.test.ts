import { describe, expect, it } from 'vitest';
import {
  AuthError,
  NetworkError,
  ProviderError,
  RateLimitError,
  SkipError,
  UnexpectedResponseError,
} from '../../../../src/api/errors';
import { PlatformQuotaError } from '../../../../src/api/platform-error';
import { translator } from '../../../../src/core/i18n';
import { type AnswerContext, outcomeOf } from '../../../../src/core/send/outcome';
import {
  classifyProviderFailure,
  PROVIDER_CODES,
  providerCode,
  TRANSIENT_RETRIES,
} from '../../../../src/core/send/provider-failures';

const AT = Date.UTC(2026, 10, 23, 12);

function context(retries = 0, locale: 'en' | 'pt' = 'en'): AnswerContext {
  return {
    leadId: 42,
    jobId: 'job-1',
    options: { templateId: 3, templateName: 'proposta', instanceId: 2 },
    at: AT,
    retries,
    batchSize: 1,
    t: translator(locale),
  };
}

function providerError(
  code: number | undefined,
  prefix = 'Provedor retornou erro:',
): ProviderError {
  const raw =
    code === undefined
      ? undefined
      : { error: { message: `(#${code}) x`, code, type: 'OAuthException' } };
  return new ProviderError(`${prefix} algo deu errado.`, { status: 502, raw });
}

const failed = (error: unknown, retries = 0) => outcomeOf({ ok: false, error }, context(retries));

describe('each provider code of the table', () => {
  it.each(
    Object.entries(PROVIDER_CODES).map(([code, rule]) => [Number(code), rule.class] as const),
  )('code %i is %s', (code, kind) => {
    const outcome = failed(providerError(code));
    const [status, , detail] = outcome.cells;
    expect(detail).toContain(`provider code ${code}`);
    expect(detail).not.toMatch(/\{\w+\}/);
    if (kind === 'transient') {
      // Refused with a code: nothing was sent, so the row goes back to the queue, for later.
      expect(outcome).toMatchObject({ kind: 'retry', notBefore: expect.any(Number) });
      expect(outcome.kind === 'retry' && (outcome.notBefore ?? 0) > AT).toBe(true);
      expect(status).toBe('QUEUED');
    } else if (kind === 'lead') {
      expect(outcome.kind).toBe('done');
      expect(status).toBe('FAILED');
      expect(detail).toContain('CRM: Provedor retornou erro: algo deu errado.');
    } else {
      expect(outcome.kind).toBe('systemic');
      expect(status).toBe('QUEUED');
      if (outcome.kind !== 'systemic') return;
      expect(outcome.pauseMessage(3)).toMatch(
        new RegExp(
          `^Paused after 3 sends in a row were refused: .*\\(provider code ${code};.*To fix it, .*(resume|cancel)`,
        ),
      );
    }
  });

  it('a transient failure is FAILED once its retries are spent', () => {
    const outcome = failed(providerError(131000), TRANSIENT_RETRIES);
    expect(outcome.kind).toBe('done');
    expect(outcome.cells[0]).toBe('FAILED');
    expect(outcome.cells[2]).toMatch(/still after 3 automatic retries/);
  });

  it('retries wait longer each time', () => {
    const first = failed(providerError(131016), 0);
    const second = failed(providerError(131016), 1);
    const wait = (o: typeof first) => (o.kind === 'retry' ? (o.notBefore ?? 0) - AT : 0);
    expect(wait(second)).toBe(2 * wait(first));
    expect(wait(first)).toBeGreaterThan(0);
  });

  it('a code the table does not know is FAILED and not retried; so is a refusal without a code', () => {
    for (const error of [providerError(999_999), providerError(undefined, 'Falha ao enviar:')]) {
      const outcome = failed(error);
      expect(outcome.kind).toBe('done');
      expect(outcome.cells[0]).toBe('FAILED');
      expect(outcome.cells[2]).toMatch(/Not retried automatically/);
    }
  });

  it('a 502 without the provider prefix may hide a delivered message: UNCERTAIN', () => {
    const error = new ProviderError('Bad gateway', {
      status: 502,
      raw: { error: { code: 131000 } },
    });
    expect(classifyProviderFailure(error)).toBeUndefined();
    expect(failed(error).cells[0]).toBe('UNCERTAIN');
  });

  it('reads the code from the Cloud API shape, a bare code, or JSON text', () => {
    expect(providerCode({ error: { code: 132015 } })).toBe(132015);
    expect(providerCode({ code: '190' })).toBe(190);
    expect(providerCode('{"error":{"code":131031}}')).toBe(131031);
    expect(providerCode('not json')).toBeUndefined();
    expect(providerCode(null)).toBeUndefined();
  });
});

describe('other answers', () => {
  it('SENT with the message id, in the job locale', () => {
    const value = { success: true, conversation_id: 7, message_id: 99, template_name: 'proposta' };
    const en = outcomeOf({ ok: true, value } as never, context());
    expect(en.cells.slice(0, 3)).toEqual([
      'SENT',
      99,
      'Sent "proposta" to lead 42 (conversation 7).',
    ]);
    const pt = outcomeOf({ ok: true, value } as never, context(0, 'pt'));
    expect(pt.cells[2]).toBe('Enviado "proposta" ao lead 42 (conversa 7).');
  });

  it('a 429 refused before sending: QUEUED again with its Retry-After', () => {
    const outcome = failed(new RateLimitError('Limite', { status: 429, retryAfterSeconds: 7 }));
    expect(outcome).toMatchObject({ kind: 'retry', retryAfterSeconds: 7 });
    expect(outcome.cells[0]).toBe('QUEUED');
  });

  it('a refused key pauses the job; the row is QUEUED, nothing was sent', () => {
    const outcome = failed(new AuthError('API Key inválida.', { status: 401 }));
    expect(outcome.kind).toBe('pause');
    expect(outcome.cells).toEqual([
      'QUEUED',
      '',
      'Queued: the CRM refused the API key; nothing was sent.',
      '',
    ]);
  });

  it('a template no longer approved pauses the job with the fix', () => {
    const error = new SkipError('não aprovado', {
      status: 422,
      skipReason: 'template_not_approved',
    });
    const outcome = failed(error);
    expect(outcome.kind).toBe('pause');
    expect(outcome.kind === 'pause' && outcome.pauseMessage).toMatch(
      /^The CRM no longer accepts template 3 "proposta"/,
    );
  });

  it('no answer, or a whole batch lost: UNCERTAIN, never retried', () => {
    for (const error of [
      new NetworkError('timeout', { status: 0 }),
      new NetworkError('batch lost', { status: 0, batchLost: true }),
    ]) {
      const outcome = failed(error);
      expect(outcome.kind).toBe('done');
      expect(outcome.cells[0]).toBe('UNCERTAIN');
    }
  });

  it('an error that is not the CRM’s answer: UNCERTAIN (the request may have left)', () => {
    expect(failed(new TypeError('boom')).cells[0]).toBe('UNCERTAIN');
  });
});

describe('outcomeOf: Apps Script refused the request (quota, allow-list)', () => {
  const refused = (error: Error, batchSize: number) =>
    outcomeOf({ ok: false, error }, { ...context(), batchSize });
  const daily = () =>
    new PlatformQuotaError('daily', 'Service invoked too many times for one day: urlfetch.');

  it('a lone send refused by a quota never left: QUEUED, and the job waits', () => {
    const outcome = refused(daily(), 1);
    expect(outcome.kind).toBe('platform');
    expect(outcome.cells[0]).toBe('QUEUED');
    expect(outcome.cells[2]).toMatch(/too many times for one day/);
  });

  it('an allow-list refusal checks every URL before any leaves: QUEUED whatever the batch', () => {
    const outcome = refused(
      new PlatformQuotaError('allowlist', 'URL not in urlFetchWhitelist'),
      10,
    );
    expect(outcome.cells[0]).toBe('QUEUED');
  });

  it('a batch refused by a quota may have partly left (undocumented): UNCERTAIN, never resent', () => {
    const outcome = refused(daily(), 7);
    expect(outcome.kind).toBe('platform');
    expect(outcome.cells[0]).toBe('UNCERTAIN');
    expect(outcome.cells[2]).toMatch(/batch of 7/);
  });
});

describe('outcomeOf: a CRM answer whose words look like an Apps Script refusal', () => {
  it('a 5xx mentioning an allowlist may have been delivered: UNCERTAIN, never requeued', () => {
    const error = new UnexpectedResponseError('Gateway: upstream not permitted by allowlist', {
      status: 502,
      method: 'POST',
      path: '/leads/42/send-chatapp-template',
      body: 'upstream not permitted by allowlist',
      snippet: 'upstream not permitted by allowlist',
    });
    const outcome = outcomeOf({ ok: false, error }, context());
    expect(outcome.kind).toBe('done');
    expect(outcome.cells[0]).toBe('UNCERTAIN');
  });
});
