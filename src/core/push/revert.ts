/**
 * `crmRevertPush(runId)` (PRODUCT.md "Round trip"): a revert is a push of each DONE row's
 * before-values against what the push left. The push's own rules then say the rest: a field the
 * CRM changed since (away from the pushed value) is a conflict, here CHANGED_SINCE, and stays; a
 * before-value that was empty cannot be written back through this API; a stage that was won or
 * lost is never entered again (it would record a second sale or loss): NOT_REVERSIBLE.
 */

import { findStage } from '../actions/reference';
import type { Translate } from '../i18n';
import type { PipelineKind } from '../jobs/pipeline/types';
import { emailKey } from '../leads/resolver';
import { decidePush } from './decide';
import { roleOf } from './fields';
import { type PushKindEnv, pushContext, pushKind } from './kind';
import { decodeCanon } from './memory';
import type { PushEntry, PushJobOptions, PushRequest } from './types';

export type PushRevertEntry = PushEntry & {
  /** Why some of the row's fields cannot be put back (words). */
  nr?: string;
};

export interface PushRevertOptions {
  v: 1;
  mode: 'revert' | 'revertPreview';
  runId: string;
  run: PushJobOptions;
  runShards: number;
  locale: 'en' | 'pt';
}

/** The revert's rows: the run's DONE rows, each with its before-values to write back. */
export function revertEntries(
  options: PushRevertOptions,
  entries: readonly PushEntry[],
  t: Translate,
): PushRevertEntry[] {
  const { ref, customFields } = options.run;
  const out: PushRevertEntry[] = [];
  for (const run of entries) {
    if (run.s !== 'DONE' || run.i === undefined || !run.c || !run.b || run.a) continue;
    const entry: PushRevertEntry = { k: run.k, i: run.i };
    const c: Record<string, string> = {};
    const w: Record<string, string> = {};
    const stays: string[] = [];
    for (const [column, pushed] of Object.entries(run.c)) {
      const before = run.b.n[column];
      if (pushed === '' || before === undefined || before === pushed) continue;
      if (roleOf(column, customFields).kind === 'readOnly') continue;
      if (column === 'stage' || column === 'pipeline') {
        const back = findStage(ref, undefined, run.b.s);
        if (back?.won || back?.lost) {
          const key = back.won ? 'leadjob.revert.intoWon' : 'leadjob.revert.intoLost';
          stays.push(t(key, { stage: back.name }));
          continue;
        }
      }
      if (before === '') {
        stays.push(t('push.revert.wasEmpty', { column }));
        continue;
      }
      c[column] = before;
      w[column] = pushed;
    }
    const email = run.c.email ?? run.b.n.email ?? run.b.e;
    const phone = run.c.phone ?? run.b.n.phone ?? run.b.ph;
    if (email) entry.ke = emailKey(String(decodeCanon(email)));
    if (phone) entry.kp = String(decodeCanon(phone));
    if (stays.length > 0) entry.nr = stays.join('; ');
    if (Object.keys(c).length === 0) {
      entry.s = 'NOT_REVERSIBLE';
      entry.d = entry.nr ?? t('leadjob.revert.nothing');
    } else {
      entry.c = c;
      entry.w = w;
    }
    out.push(entry);
  }
  return out;
}

/** The revert's pieces: the push's, with its rows from the run and its own statuses. */
export function pushRevertKind(
  options: PushRevertOptions,
  env: PushKindEnv & { runEntries: () => PushEntry[] },
): PipelineKind<PushRevertEntry, PushRequest> {
  const { t } = env;
  const preview = options.mode === 'revertPreview';
  const asPush: PushJobOptions = {
    ...options.run,
    mode: preview ? 'preview' : 'run',
    onConflict: 'skip',
  };
  delete asPush.plan;
  // A revert leaves the memory as the push left it: the sheet still shows the pushed values,
  // and a sync then brings the CRM's (put back) values into it.
  const base = pushKind(asPush, { ...env, remember: () => undefined });
  let ctx: ReturnType<typeof pushContext> | undefined;
  const context = () => {
    const table = env.memory();
    ctx ??= pushContext(
      asPush,
      t,
      env,
      Object.fromEntries((table?.columns ?? []).map((c, i) => [c, table?.headers[i] ?? c])),
    );
    return ctx;
  };
  const next = (entry: PushRevertEntry) => {
    if (entry.s !== undefined) return { kind: 'none' as const };
    const note = entry.nr ? `; ${entry.nr}` : '';
    if (entry.g === 2) return { kind: 'final' as const, status: 'FAILED', words: entry.d ?? '' };
    const decision = decidePush(context(), entry);
    switch (decision.kind) {
      case 'gone':
        return { kind: 'final' as const, status: 'NOT_FOUND', words: t('push.detail.notFound') };
      case 'final': {
        const status =
          decision.status === 'CONFLICT'
            ? 'CHANGED_SINCE'
            : decision.status === 'SKIPPED'
              ? 'NOT_REVERSIBLE'
              : decision.status === 'INVALID'
                ? 'FAILED'
                : decision.status;
        return { kind: 'final' as const, status, words: `${decision.words}${note}` };
      }
      case 'change': {
        const words = `${decision.words}${note}`;
        if (preview) return { kind: 'final' as const, status: 'WILL_CHANGE', words };
        const request = decision.requests[entry.x ?? 0];
        if (request) return { kind: 'request' as const, request, words };
        return { kind: 'final' as const, status: 'REVERTED', words };
      }
    }
  };
  const derive = (entry: PushRevertEntry): string | undefined => {
    if (entry.s === undefined) return undefined;
    const { s: _s, d: _d, ...bare } = entry;
    const move = next(bare);
    return move.kind === 'final' && move.status === entry.s ? move.words : undefined;
  };
  return {
    ...base,
    adoptsLateRows: false,
    collect: () => revertEntries(options, env.runEntries(), t),
    next,
    derive,
    cells: (entry) => [
      entry.s ?? '',
      String(entry.d ?? derive(entry) ?? ''),
      entry.t === undefined ? '' : new Date(entry.t),
      env.jobId,
    ],
    message(entries, finished) {
      const counts = new Map<string, number>();
      for (const e of entries) if (e.s) counts.set(e.s, (counts.get(e.s) ?? 0) + 1);
      const parts = [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
      if (!finished) {
        const done = entries.filter((e) => e.s).length;
        return t('leadjob.message.revertProgress', {
          runId: options.runId,
          done,
          total: entries.length,
        });
      }
      return t(preview ? 'leadjob.message.revertPreviewed' : 'leadjob.message.reverted', {
        runId: options.runId,
        parts: parts || '0',
      });
    },
  };
}
