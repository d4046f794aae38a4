import type { JobHandler, StepContext, StepResult } from '../../jobs/engine';
import { repeatableStep, SCAN_BATCH_ROWS, SCAN_WINDOW_ROWS } from '../../jobs/pipeline/repeatable';
import type { JobRecord } from '../../jobs/record';
import { guardedStep, headersChangedMessage } from '../../jobs/row-job';
import { HeaderMappingError } from '../headers';
import { IMPORT_ROW_STATUSES } from '../status-columns';
import { importKind } from './kind';
import {
  type ImportHandlerOptions,
  type ImportJobEnv,
  ImportOptionsError,
  ImportSession,
} from './run';

export type { RowOutcome } from './decide';
export { FINGERPRINT_FLUSH_EVERY } from './kind';
export type { ImportHandlerOptions, ImportJobEnv } from './run';

export const IMPORT_JOB_KIND = 'import';

/** Rows sent per batch (the pipeline's): see SCAN_BATCH_ROWS. */
export const IMPORT_BATCH_ROWS = SCAN_BATCH_ROWS;
/** Rows read where the scan goes on: see SCAN_WINDOW_ROWS. */
export const IMPORT_WINDOW_ROWS = SCAN_WINDOW_ROWS;

/**
 * The `import` job (PRODUCT.md, Import). It walks the row pipeline's planned walk as a kind
 * whose requests may be repeated (core/jobs/pipeline/repeatable.ts): a step reads a window of
 * the sheet, writes the rows that cost no request (INVALID, DUPLICATE, UNCHANGED), plans the
 * next batch of rows to send and sends it: learns which of their leads exist
 * (job-knowledge.ts), decides each row by the job's `mode` (job-decide.ts), upserts and reads
 * the answers (job-answer.ts), then reads the sheet again and writes each status on the row
 * its match key is on now (job-place.ts); the next step reads where the scan goes on. The
 * sheet is checked against the job's record of what it wrote at the end of each pass
 * (job-audit.ts).
 * A dry run is one step (core/jobs/pipeline/preview.ts). The import's own pieces are in
 * job-kind.ts.
 *
 * An existing lead is sent only the row's own cells, so it keeps its pipeline, stage and
 * name unless the sheet has a column for them; a new lead also gets the job's pipeline and
 * stage. The CRM's 422 field errors mark the row INVALID; FAILED is kept for failures where
 * the same row may succeed later (5xx, network, plan limit).
 */
export function createImportJobHandler(
  getEnv: () => ImportJobEnv,
  handlerOptions: ImportHandlerOptions = {},
): JobHandler {
  const session = new ImportSession(handlerOptions);

  function step(job: JobRecord, ctx: StepContext): StepResult {
    return guardedStep(job, ctx, {
      clock: session.clock,
      env: getEnv,
      runFor: (j, env) => session.runFor(j, env),
      work: (run, env) =>
        repeatableStep(job, ctx, importKind(session, env, job, ctx, run), {
          client: env.client,
          // Opened when a request is about to leave: opening it reads the shared key's state.
          get pacer() {
            return session.pacerOf(env);
          },
          ...(handlerOptions.random ? { random: handlerOptions.random } : {}),
          noSlotWords: () => run.t('messages.rateLimitWait'),
          t: run.t,
        }),
      afterError: (_error, run) => {
        // Whatever stops the step, the fingerprints gathered so far are worth keeping.
        run.book.flush();
        session.forget(job);
      },
      pauseMessage: (error, run) => {
        if (error instanceof ImportOptionsError) {
          return run.t('import.job.optionsChanged', { problem: error.message });
        }
        if (error instanceof HeaderMappingError) {
          return headersChangedMessage(run.options.sheetName, 'import', error.message, run.t);
        }
        return undefined;
      },
    });
  }

  return { kind: IMPORT_JOB_KIND, statuses: IMPORT_ROW_STATUSES, step };
}
