import type { CrmApi } from '../../../api/client';
import type { StepContext } from '../../jobs/engine';
import { SCAN_BATCH_ROWS } from '../../jobs/pipeline/repeatable';
import type { ScanKind, ScanTypes, ToSend } from '../../jobs/pipeline/scan/types';
import type { JobRecord } from '../../jobs/record';
import { pacedCall } from '../../jobs/requests';
import { matchKeyId } from '../fingerprint';
import type { ImportContext } from '../row';
import { IMPORT_ROW_STATUSES } from '../status-columns';
import { outcomeOfUpsert, type UpsertAnswer, undoCreation } from './answer';
import {
  decideRow,
  knownWithoutRequest,
  outcomeWithoutRequest,
  type RowOutcome,
  type UpsertBody,
} from './decide';
import { duplicateOfSent, type Fates, fateOf } from './fates';
import {
  auditAndRepair,
  type KeyedOutcome,
  outcomesStand,
  read,
  recordWritten,
  relocateAll,
  type StepScope,
  sameCells,
  writeOutcomes,
} from './place';
import type { ImportJobEnv, ImportSession, JobRun } from './run';
import {
  countRows,
  emptyCounts,
  fingerprintOf,
  type JobCounts,
  type SendDecision,
  type SheetAnalysis,
} from './sheet';

/**
 * The import's pieces of the row pipeline's planned walk, as a kind whose requests may be
 * repeated (core/jobs/pipeline/repeatable.ts; a dry run: pipeline/preview.ts): how a row is
 * decided (job-decide.ts: what costs nothing, then by the job's `mode` once its lead's
 * existence is known, job-knowledge.ts), the request it makes (an upsert by the row's key,
 * safe to repeat), how an answer reads (job-answer.ts), how an update that created a lead is
 * settled (deleted again), and where statuses go and how the sheet is checked (job-place.ts,
 * job-audit.ts, with the sent cells' fingerprints of the import memory).
 */

/**
 * The memory's shards are written after this many new entries (a flush writes up to
 * MEMORY_SHARDS properties); when a slice nears its end and at the finish, what is unsaved is
 * kept in the journal (one property, replayed by the next opening: FingerprintBook.keep).
 * 200 entries of about 22 bytes fit one journal value with room to spare.
 */
export const FINGERPRINT_FLUSH_EVERY = 200;

/** An upsert: its body, and the key the job's lookup found the lead by. */
interface Upsert {
  body: UpsertBody;
  by: 'email' | 'phone' | undefined;
}

export interface ImportTypes extends ScanTypes {
  read: SheetAnalysis;
  decision: SendDecision;
  request: Upsert;
  outcome: RowOutcome;
  keyed: KeyedOutcome;
}

type Row = ToSend<SendDecision>;
type Kind = ScanKind<ImportTypes>;

/** The import's kind for one step of `job` (reference data and context are asked first). */
export function importKind(
  session: ImportSession,
  env: ImportJobEnv,
  job: JobRecord,
  ctx: StepContext,
  run: JobRun,
): Kind {
  const data = session.referenceData(ctx, env);
  const fallback = session.defaultPipelineId(job, run, ctx, env, data);
  const importContext = session.contextFor(run, env, data, fallback);
  const scope: StepScope = { job, ctx, run, importContext };
  const deleteLead = (id: number) =>
    pacedCall(() => env.client.leads.delete(id), session.paced(ctx, env));
  return {
    dryRun: run.options.dryRun,
    ...decisions(scope, session, env),
    ...requests(run, deleteLead),
    ...placing(scope),
    save(now) {
      if (run.book.unsaved >= FINGERPRINT_FLUSH_EVERY) run.book.flush();
      else if (now) run.book.keep();
    },
    message: (finished, unplaced) => importMessage(job, run, finished, unplaced),
  };
}

/**
 * Rows whose outcome costs nothing, and rows to send (in sheet order). A row waiting for an
 * earlier row of its key (sheet.ts `after`) is DUPLICATE once that row is known to be sent
 * (UNCHANGED, here), and is sent (waits in `toSend`) while it is not known.
 */
function splitRows(
  run: JobRun,
  analysis: SheetAnalysis,
  fates: Fates,
  context: ImportContext,
): ReturnType<Kind['split']> {
  const free: { index: number; outcome: RowOutcome }[] = [];
  const toSend: Row[] = [];
  analysis.decisions.forEach((decision, index) => {
    if (decision.kind === 'send' && decision.after) {
      const duplicate = duplicateOfSent(fates, decision, context);
      if (duplicate === 'wait') {
        toSend.push({ index, decision });
        return;
      }
      if (duplicate) {
        free.push({ index, outcome: duplicate });
        return;
      }
    }
    const outcome = outcomeWithoutRequest(decision, run);
    if (outcome === 'send' && decision.kind === 'send') toSend.push({ index, decision });
    else if (outcome && outcome !== 'send') {
      free.push({ index, outcome });
      if (decision.kind === 'send') fates.set(decision, fateOf(outcome.status));
    }
  });
  return { free, toSend };
}

/**
 * Searches of one row at a time a batch may make: half the CRM's minute (a batch is a whole
 * budget, SCAN_BATCH_ROWS), so the rows they answer have the other half for their upserts. A
 * batch of 60 new leads searched all 60 and found no slot left to send any, and the next
 * execution, knowing none of it, did the same: the import never went on (job-errors.test.ts).
 */
export const ROW_SEARCHES_PER_LEARN = Math.floor(SCAN_BATCH_ROWS / 2);

/** How a row is decided: what costs nothing, what the CRM says of its lead, then its mode. */
function decisions(
  scope: StepScope,
  session: ImportSession,
  env: ImportJobEnv,
): Pick<Kind, 'read' | 'isBlank' | 'split' | 'reads' | 'decide' | 'keyed' | 'counts'> {
  const { run, ctx } = scope;
  const fates: Fates = new WeakMap();
  return {
    read: (window) => read(scope, window),
    isBlank: (analysis, index) => analysis.decisions[index]?.kind === 'skip',
    split: (analysis) => splitRows(run, analysis, fates, scope.importContext),
    counts: countRows,
    reads: {
      unknown(analysis, rows) {
        let unknown = 0;
        for (const { index, decision } of rows) {
          const known = knownWithoutRequest(run, analysis, index, decision);
          if (known) run.knowledge.remember(decision.matchKey, known);
          else unknown += 1;
        }
        return unknown;
      },
      learn(batch, rows, ahead) {
        run.knowledge.learn(
          batch.map(({ decision }) => decision),
          ahead,
          session.paced(ctx, env),
          rows.map(({ decision }) => decision),
          ROW_SEARCHES_PER_LEARN,
        );
      },
    },
    decide({ decision }) {
      if (decision.after) {
        const duplicate = duplicateOfSent(fates, decision, scope.importContext);
        if (duplicate === 'wait') return undefined;
        if (duplicate) return { outcome: duplicate };
        // The earlier row is not sent: this one is decided on its own, UNCHANGED included.
        const free = outcomeWithoutRequest(decision, run);
        if (free && free !== 'send') {
          fates.set(decision, fateOf(free.status));
          return { outcome: free };
        }
      }
      const existence = run.knowledge.get(decision.matchKey);
      if (!existence && !run.options.dryRun) return undefined;
      const decided = existence
        ? decideRow(run, decision, existence, scope.importContext)
        : { status: 'VALID' as const, detail: run.t('import.dry.unchecked') };
      if ('status' in decided) {
        fates.set(decision, fateOf(decided.status));
        return { outcome: decided };
      }
      fates.set(decision, {});
      // Written ahead (beforeRequests): after a kill that follows the answer, the lead a
      // lookup finds for the key is known to be this job's creation, not EXISTS. Mode
      // `create` only: elsewhere a lead found is sent to again (UPDATED), and the write ahead
      // would cost every batch a property write (job.test.ts "killed at random instants").
      if (decided.expectCreate && run.mode === 'create' && !run.options.dryRun)
        run.book.intend(matchKeyId(decision.matchKey), fingerprintOf(decision));
      const by = existence?.exists === true ? existence.by : undefined;
      return { request: { body: decided, by } };
    },
    keyed: ({ index, decision }, outcome) => ({
      matchKey: decision.matchKey,
      fingerprint: fingerprintOf(decision),
      hintIndex: index,
      outcome,
    }),
  };
}

/** The upsert a row makes, how its answer reads, and an update's creation undone. */
function requests(
  run: JobRun,
  deleteLead: (id: number) => void,
): Pick<Kind, 'call' | 'repeatable' | 'readAnswer' | 'settle'> {
  return {
    call:
      ({ body }) =>
      (api: CrmApi) =>
        api.leads.upsert(body.send),
    // An upsert by the row's key finds the lead it made before a kill: sent again, it updates.
    repeatable: () => true,
    readAnswer: ({ decision }, { body, by }, answer) =>
      outcomeOfUpsert(run, decision, body.expectCreate, answer as UpsertAnswer, by),
    settle: ({ decision }, outcome) =>
      run.mode === 'update' && outcome.status === 'CREATED'
        ? undoCreation(run, decision, outcome, deleteLead)
        : outcome,
  };
}

/** Where statuses go: by position for free rows, by key for sent ones, checked at the end. */
function placing(
  scope: StepScope,
): Pick<
  Kind,
  | 'write'
  | 'recordFree'
  | 'locate'
  | 'beforeRequests'
  | 'beforePlace'
  | 'afterPlace'
  | 'sameRows'
  | 'standing'
  | 'endCheck'
> {
  const { run, ctx } = scope;
  return {
    write: (analysis, outcomes, stopAfter) =>
      writeOutcomes(run, analysis, outcomes, () => ctx.clock.now(), stopAfter),
    recordFree(analysis, free) {
      // UNCHANGED is decided by key: recorded like a sent row's outcome.
      const keys = free.map(({ index, outcome }) => keyOfFree(analysis, index, outcome));
      return (written) =>
        free.slice(0, written).forEach(({ outcome }, i) => {
          const key = keys[i];
          if (key)
            run.written.set(matchKeyId(key.matchKey), { ...outcome, fingerprint: key.print });
        });
    },
    locate: (fresh, keyed, plannedOffset) =>
      relocateAll(fresh, keyed, scope.importContext, plannedOffset),
    // Write-ahead: each sent key's lead id is saved (one property) before the statuses, so
    // the end check can tell a status on the wrong row even after a kill right after the write.
    beforePlace: () => run.book.journal(),
    // The creations about to be made (intend), in the journal when they are new.
    beforeRequests: () => run.book.keep(),
    afterPlace: (keyed, placed, offset) => recordWritten(scope, keyed, placed, offset),
    sameRows: sameCells,
    standing: outcomesStand,
    endCheck: () => auditAndRepair(scope),
  };
}

/** The match key and cells' fingerprint of a row whose free outcome is keyed (UNCHANGED). */
function keyOfFree(analysis: SheetAnalysis, index: number, outcome: RowOutcome) {
  const decision = analysis.decisions[index];
  if (outcome.status !== 'UNCHANGED' || decision?.kind !== 'send') return undefined;
  return { matchKey: decision.matchKey, print: fingerprintOf(decision) };
}

function importMessage(job: JobRecord, run: JobRun, finished: boolean, unplaced: number): string {
  const { t } = run;
  const counts: JobCounts = {
    total: job.total,
    done: job.done,
    counts: { ...emptyCounts(), ...job.counts } as JobCounts['counts'],
  };
  const tail = unplaced > 0 ? t('import.job.unplaced', { count: unplaced }) : '';
  if (!finished) return t('import.job.progress', { done: job.done, total: job.total }) + tail;
  // Status values are the public contract, never translated.
  const parts = IMPORT_ROW_STATUSES.filter((s) => counts.counts[s] > 0)
    .map((s) => `${counts.counts[s]} ${s}`)
    .join(', ');
  if (run.options.dryRun)
    return (
      (parts ? t('import.job.dryFinished', { parts }) : t('import.job.dryFinishedEmpty')) + tail
    );
  return (parts ? t('import.job.finished', { parts }) : t('import.job.finishedEmpty')) + tail;
}
