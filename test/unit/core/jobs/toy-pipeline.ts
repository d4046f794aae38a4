import type { PipelineKind, WalkEntry } from '../../../../src/core/jobs/pipeline/types';
import type { Pacer } from '../../../../src/core/pacing';
import type { SimClock } from './fakes';

/**
 * Toys the pipeline tests walk with: a kind whose rows each make one request that must not be
 * repeated (a stamp of its key, settled by counting the key's stamps), and a pacer that always
 * has a slot.
 */

/** The toy CRM's calls (the tests' clients answer them). */
export type Toy = { stamp(key: string): unknown; count(key: string): number };

/** Each row keyed by its first cell, stamped once, DONE after its stamp. */
export function stampKind(): PipelineKind<WalkEntry, string> {
  return {
    headers: ['Status', 'Detail', 'At', 'Run'],
    adoptsLateRows: true,
    collect: (values) => values.rows.filter((r) => r[0]).map((r) => ({ k: String(r[0]) })),
    keysOf: (values) => values.rows.map((r) => String(r[0] ?? '')),
    next: (entry) =>
      entry.s !== undefined
        ? { kind: 'none' }
        : (entry.x ?? 0) > 0
          ? { kind: 'final', status: 'DONE', words: `stamped ${entry.k}` }
          : { kind: 'request', request: entry.k, words: '' },
    call: (_entry, key) => (api) => (api as unknown as Toy).stamp(key),
    repeatable: () => false,
    readAnswer: (_entry, _key, answer) =>
      answer.ok ? { kind: 'done' } : { kind: 'uncertain', words: 'no answer' },
    settleCall: (_entry, key) => (api) => (api as unknown as Toy).count(key),
    settled: (_entry, _key, answer) => (answer.ok && Number(answer.value) > 0 ? 'done' : 'not'),
    words: (_entry, _status, base) => base,
    cells: (entry) => [entry.s ?? '', entry.d ?? '', entry.t ?? '', 'run-1'],
    message: (entries, finished) => `${entries.length} ${finished}`,
  };
}

/** A pacer with every slot free at once. */
export function freePacer(clock: SimClock): Pacer {
  return {
    acquireUpTo: (wanted: number) => ({ count: wanted, at: clock.now() }),
    answered: () => {},
    reportRateLimited: () => {},
    nextSlotAt: () => clock.now(),
  } as unknown as Pacer;
}
