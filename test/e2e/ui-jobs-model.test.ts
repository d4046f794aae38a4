import { describe, expect, it } from 'vitest';
import {
  arrangeJobs,
  describeJob,
  JOBS_SECTIONS,
  type JobView,
  newestFirst,
} from '../../src/ui/jobs/model';
import { createAddonWorld } from './addon-harness';
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

/**
 * Issue 29.5: "Schedules sit at the bottom of a 6,800 px Jobs list; previews are listed as jobs;
 * finished jobs cannot be cleared." The real bundle's Jobs sidebar and its server calls.
 */
describe('the Jobs sidebar reads at a glance', () => {
  const OWNER = 'owner@example.com';
  const EDITOR = 'editor@example.com';

  it('nightly runs first, previews apart, and "Clear finished" takes off finished jobs only', async () => {
    const world = await createAddonWorld({
      runtime: {
        sharing: { owner: OWNER, editors: [EDITOR] },
        workbook: {
          sheets: {
            Leads: [
              ['Nome', 'E-mail'],
              ['Ana Prévia', 'ana.previa@example.com'],
            ],
          },
          locale: 'pt_BR',
        },
      },
    });
    const { runtime } = world;
    const run = (user: string, fn: string, ...args: unknown[]) => {
      const result = runtime.runAs(user, fn, ...args);
      if (result.error) throw new Error(result.error.message);
      return result.value;
    };
    run(OWNER, 'uiCall', 'uiSchedule', [
      { kind: 'export', sheet: 'Noturna', hour: 2, options: { mode: 'replace', filters: {} } },
    ]);
    const exported = run(OWNER, 'crmExportLeads', { sheet: 'Tudo', columns: ['id'] }) as JobView;
    const preview = run(OWNER, 'crmImportLeads', { sheet: 'Leads', dryRun: true }) as JobView;
    expect([exported.state, preview.state]).toEqual(['done', 'done']);
    // Another execution of the owner holds the driver lease: this export stays queued.
    runtime.setProperties(
      'user',
      {
        [`crm.ss.${runtime.workbook.id}.lease`]: JSON.stringify({
          token: 'another-execution',
          until: runtime.now() + 60_000,
        }),
      },
      OWNER,
    );
    const pending = run(OWNER, 'crmExportLeads', { sheet: 'Outra', columns: ['id'] }) as JobView;
    expect(pending.state).toBe('queued');

    // The sidebar's page: the nightly runs above the jobs, the previews in a section of their own.
    run(OWNER, 'showJobsSidebar');
    const page = runtime.ui.sidebars().at(-1)?.html.content ?? '';
    const at = (id: string) => page.indexOf(`id="${id}-section"`);
    expect(JOBS_SECTIONS).toEqual(['schedules', 'jobs', 'previews']);
    expect(at('schedules')).toBeGreaterThan(-1);
    expect(at('schedules')).toBeLessThan(at('jobs'));
    expect(at('jobs')).toBeLessThan(at('previews'));
    expect(page).toContain('Limpar encerrados');

    const listed = run(OWNER, 'uiCall', 'uiListJobs', []) as JobView[];
    const board = arrangeJobs(listed);
    expect(board.jobs.map((job) => job.jobId)).toEqual([pending.jobId, exported.jobId]);
    expect(board.previews.map((job) => job.jobId)).toEqual([preview.jobId]);
    expect(board.finished).toBe(2);

    // The editor clears their own list: the owner's list and records are untouched.
    const editorLeft = run(EDITOR, 'uiCall', 'uiClearFinishedJobs', []) as JobView[];
    expect(editorLeft.map((job) => job.jobId)).toEqual([pending.jobId]);
    expect((run(OWNER, 'uiCall', 'uiListJobs', []) as JobView[]).length).toBe(3);

    // The owner clears theirs: the queued job stays, the finished ones leave the list only.
    const left = run(OWNER, 'uiCall', 'uiClearFinishedJobs', []) as JobView[];
    expect(left.map((job) => [job.jobId, job.state])).toEqual([[pending.jobId, 'queued']]);
    expect(arrangeJobs(left).finished).toBe(0);
    expect((run(OWNER, 'crmListJobs') as JobView[]).length).toBe(3);
    expect(run(OWNER, 'crmGetJob', exported.jobId)).toMatchObject({ state: 'done' });

    // A job that finishes after the clear is listed again.
    runtime.advance(61_000);
    runtime.runUntilIdle({ maxSimulatedMs: 2 * 3_600_000 });
    const later = run(OWNER, 'uiCall', 'uiListJobs', []) as JobView[];
    expect(later.map((job) => [job.jobId, job.state])).toEqual([[pending.jobId, 'done']]);
  });
});
