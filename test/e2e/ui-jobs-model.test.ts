import { describe, expect, it } from 'vitest';
import { describeJob, type JobView, newestFirst } from '../../src/ui/jobs/model';
import { EN_WORDS, PT_WORDS } from './ui-words';

/** The Jobs sidebar's card, beside its progress: kind, sheet, who, when, last failure. */
function job(overrides: Partial<JobView> = {}): JobView {
  return {
    jobId: 'job-1',
    kind: 'send',
    state: 'failed',
    total: 10,
    done: 4,
    counts: { SENT: 4 },
    message: 'Stopped.',
    ...overrides,
  };
}

// 2026-11-23 17:05 UTC is 14:05 in São Paulo.
const STARTED = Date.UTC(2026, 10, 23, 17, 5);
const CHANGED = Date.UTC(2026, 10, 23, 17, 40);

describe('describeJob', () => {
  it('names the kind, the sheet, who started it and when, in the spreadsheet’s time zone (pt-BR)', () => {
    const model = describeJob(
      job({
        sheetName: 'Envios',
        startedBy: 'você',
        createdAt: STARTED,
        updatedAt: CHANGED,
        lastFailure: 'O CRM não respondeu.',
      }),
      PT_WORDS,
    );
    expect(model).toEqual({
      kind: 'Envio',
      sheet: 'Envios',
      started: 'Iniciado por você · 23/11/2026, 14:05',
      updated: 'Última mudança 23/11/2026, 14:40',
      failure: 'Última falha: O CRM não respondeu.',
    });
  });

  it('writes dates the American way only for an American spreadsheet', () => {
    expect(describeJob(job({ createdAt: STARTED }), EN_WORDS).started).toBe(
      'Started 11/23/26, 2:05 PM',
    );
  });

  it('falls back to the kind alone when the server tells no more', () => {
    expect(describeJob(job({ kind: 'import' }), EN_WORDS)).toEqual({
      kind: 'Import',
      sheet: undefined,
      started: '',
      updated: '',
      failure: '',
    });
    expect(describeJob(job({ kind: 'cleanup' }), EN_WORDS).kind).toBe('cleanup');
  });

  it('does not repeat a failure that is already the job’s message', () => {
    expect(describeJob(job({ lastFailure: 'Stopped.' }), EN_WORDS).failure).toBe('');
  });
});

describe('newestFirst', () => {
  it('sorts by start time, newest first; jobs without one keep the server’s order', () => {
    const jobs = [
      job({ jobId: 'a', createdAt: 1 }),
      job({ jobId: 'b', createdAt: 3 }),
      job({ jobId: 'c', createdAt: 2 }),
    ];
    expect(newestFirst(jobs).map((j) => j.jobId)).toEqual(['b', 'c', 'a']);
    const unknown = [job({ jobId: 'x' }), job({ jobId: 'y' })];
    expect(newestFirst(unknown).map((j) => j.jobId)).toEqual(['x', 'y']);
  });
});
