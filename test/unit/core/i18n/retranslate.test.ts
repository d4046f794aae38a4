import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { retranslate } from '../../../../src/core/i18n/retranslate';
import { type JobRecord, toSummary } from '../../../../src/core/jobs/record';
import { cancelledMessage } from '../../../../src/core/jobs/store';

/** Issue 18.2: a stored job message is read in the reader's language, not the writer's. */
describe('retranslate', () => {
  it('says a catalogue sentence again in the reader language, with its values', () => {
    const en = translator('en')('jobs.pausedByOther', { who: 'ana@example.com' });
    const pt = translator('pt')('jobs.pausedByOther', { who: 'ana@example.com' });
    expect(retranslate(en, 'pt')).toBe(pt);
    expect(retranslate(pt, 'en')).toBe(en);
    expect(retranslate(pt, 'pt')).toBe(pt);
  });

  it('keeps text that is no catalogue sentence as it was', () => {
    expect(retranslate('Exportados 3 leads. Something else.', 'en')).toBe(
      'Exportados 3 leads. Something else.',
    );
    expect(retranslate('', 'pt')).toBe('');
  });

  it('every catalogue message with its placeholders filled comes back in the other language', () => {
    const en = translator('en');
    const pt = translator('pt');
    const samples = [
      ['jobs.waitDailyQuota', { reason: 'Service invoked too many times', time: '00:10' }],
      ['jobs.backgroundFailure', { reason: 'Falha: 502' }],
      ['jobs.storeMadeRoom', { count: 3 }],
    ] as const;
    for (const [key, params] of samples) {
      expect(retranslate(en(key, params), 'pt'), key).toBe(pt(key, params));
    }
  });
});

describe('a job summary', () => {
  const job: JobRecord = {
    jobId: 'j1',
    kind: 'import',
    state: 'cancelled',
    createdAt: 0,
    updatedAt: 0,
    total: 10,
    done: 4,
    counts: {},
    message: cancelledMessage(),
    options: {},
    cursor: {},
    locale: 'en',
    lastFailure: translator('en')('jobs.otherAccountKey'),
  };

  it('tells a Portuguese reader "Cancelled" in Portuguese (it failed before: stored English)', () => {
    const summary = toSummary(job, { locale: 'pt' });
    expect(summary.message).toBe('Cancelado; as linhas já processadas mantêm o status.');
    expect(summary.lastFailure).toBe(translator('pt')('jobs.otherAccountKey'));
  });

  it('tells an English reader of a Portuguese job in English', () => {
    const paused = {
      ...job,
      state: 'paused' as const,
      message: translator('pt')('jobs.pausedFromSidebar'),
    };
    expect(toSummary(paused, { locale: 'en' }).message).toBe('Paused from the sidebar.');
  });

  it('leaves the message alone for a script that names no reader language', () => {
    expect(toSummary(job).message).toBe(cancelledMessage());
  });
});
