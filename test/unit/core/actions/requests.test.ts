import { describe, expect, it } from 'vitest';
import {
  BlockedError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  SkipError,
  UnprocessableError,
} from '../../../../src/api/errors';
import type { ActionRequest } from '../../../../src/core/actions/decide';
import { isRepeatable, outcomeOf, settledBy } from '../../../../src/core/actions/requests';
import { translator } from '../../../../src/core/i18n';

const t = translator('en');
// No body: a hand-built error whose message stands for the CRM's own (a real one carries the body it came from).
const init = { status: 422, method: 'PUT', path: '/x' };
const fail = (error: unknown) => ({ ok: false as const, error });
const won: ActionRequest = { op: 'won', stageId: 5 };
const stage: ActionRequest = { op: 'stage', stageId: 3, pipelineId: 1 };

describe('reading an answer', () => {
  it('only a stage or tag change (and leaving a sequence) may be repeated', () => {
    expect(isRepeatable(stage)).toBe(true);
    expect(isRepeatable({ op: 'addTags', tags: ['a'] })).toBe(true);
    for (const op of ['won', 'lost', 'enroll', 'message', 'delete'] as const) {
      expect(isRepeatable({ op, stageId: 1, sequenceId: 1, body: 'x' } as ActionRequest)).toBe(
        false,
      );
    }
  });
  it('a lost answer: retried when repeatable, UNCERTAIN (read back) otherwise', () => {
    const lost = fail(new NetworkError('reset', { ...init, status: 0 }));
    expect(outcomeOf(stage, lost, t).kind).toBe('retry');
    expect(outcomeOf(won, lost, t).kind).toBe('uncertain');
  });
  it('429 goes again; blocked names the tasks; window_closed is SKIPPED', () => {
    expect(
      outcomeOf(
        won,
        fail(new RateLimitError('slow', { ...init, status: 429, retryAfterSeconds: 3 })),
        t,
      ).kind,
    ).toBe('again');
    const blocked = new BlockedError('Bloqueado', {
      ...init,
      pendingTasks: [{ id: 1, subject: 'Ligar' }],
    });
    expect(outcomeOf(stage, fail(blocked), t)).toMatchObject({ kind: 'row', status: 'BLOCKED' });
    expect((outcomeOf(stage, fail(blocked), t) as { words: string }).words).toContain('Ligar');
    const closed = new SkipError('Fora da janela', { ...init, skipReason: 'window_closed' });
    expect(outcomeOf({ op: 'message', body: 'x' }, fail(closed), t)).toMatchObject({
      status: 'SKIPPED',
    });
  });
  it('a delete answered 404 is DONE; another 404 is NOT_FOUND; a 422 is FAILED with the CRM’s words', () => {
    expect(
      outcomeOf({ op: 'delete' }, fail(new NotFoundError('Lead não encontrado.', init)), t).kind,
    ).toBe('done');
    expect(outcomeOf(won, fail(new NotFoundError('Lead não encontrado.', init)), t)).toMatchObject({
      status: 'NOT_FOUND',
    });
    expect(
      outcomeOf(
        won,
        fail(new UnprocessableError('A etapa informada não é uma etapa de ganho.', init)),
        t,
      ),
    ).toMatchObject({
      status: 'FAILED',
      words: 'A etapa informada não é uma etapa de ganho.',
    });
  });
});

describe('settling an UNCERTAIN request by reading the lead back', () => {
  const entry = {
    k: '#9',
    i: 9,
    b: { p: 1, s: 2, sales: 1, lost: 0 },
    u: Date.UTC(2026, 10, 20, 15),
  };
  const read = (lead: object) => ({ ok: true as const, value: { id: 9, ...lead } });
  it('a new sale means the won landed; none means it did not', () => {
    expect(settledBy(won, entry, read({ sales: [{ id: 1 }, { id: 2 }] }))).toBe('done');
    expect(settledBy(won, entry, read({ sales: [{ id: 1 }] }))).toBe('not');
  });
  it('a message at or after the attempt landed', () => {
    const message: ActionRequest = { op: 'message', body: 'x' };
    expect(
      settledBy(
        message,
        entry,
        read({ conversation: { id: 1, last_message_at: '2026-11-20T15:00:00Z' } }),
      ),
    ).toBe('done');
    expect(
      settledBy(
        message,
        entry,
        read({ conversation: { id: 1, last_message_at: '2026-11-20T14:59:59Z' } }),
        { low: 0, high: 999 },
      ),
    ).toBe('not');
  });
  it("compares the message's time in the CRM's clock (issue 16)", () => {
    const message: ActionRequest = { op: 'message', body: 'x' };
    const at = (time: string) => read({ conversation: { id: 1, last_message_at: time } });
    // The CRM 150 s behind: its 14:57:31 is our 15:00:01, after the attempt.
    const behind = { low: -150_500, high: -149_500 };
    expect(settledBy(message, entry, at('2026-11-20T14:57:31Z'), behind)).toBe('done');
    // The CRM 150 s ahead: its 15:01:00 is our 14:58:30, before the attempt.
    const ahead = { low: 149_500, high: 150_500 };
    expect(settledBy(message, entry, at('2026-11-20T15:01:00Z'), ahead)).toBe('not');
    expect(settledBy(message, entry, at('2026-11-20T15:02:31Z'), ahead)).toBe('done');
    // No reading: the clocks are taken to be up to 2 minutes apart, a doubt as done.
    expect(settledBy(message, entry, at('2026-11-20T14:58:30Z'))).toBe('done');
  });
  it('a delete read back as 404 landed; an enrollment shows as active', () => {
    expect(settledBy({ op: 'delete' }, entry, fail(new NotFoundError('x', init)))).toBe('done');
    const enroll: ActionRequest = { op: 'enroll', sequenceId: 1 };
    expect(
      settledBy(enroll, entry, read({ sequences: [{ id: 5, sequence_id: 1, status: 'active' }] })),
    ).toBe('done');
    expect(settledBy(enroll, entry, read({ sequences: [] }))).toBe('not');
  });
});
