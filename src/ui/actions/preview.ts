import { changingRows, leadsText, type SampleRow } from '../shared/preview-model';
import { formatDuration, REQUESTS_PER_MINUTE } from '../shared/progress-model';
import type { UiKey, UiTranslate, Words } from '../shared/words';
import type { ActionName } from './model';

/**
 * How a Lead actions preview reads to a person (uiLeadActionsPreview, after the preview job is
 * done): what each status means, what the run will cost at the rate limit, which rows change
 * and which fail and why, the question asked before the run, and what cannot be undone. Pure,
 * like model.ts.
 */

/** uiLeadActionsPreview's answer, as this module reads it. */
export interface PreviewAnswer {
  jobId: string;
  action: ActionName | 'revert';
  counts: Readonly<Record<string, number>>;
  rows: number;
  writeRequests: number;
  readRequests: number;
  seconds: number;
  deleteCount?: number;
  /** The first rows, 1-based sheet rows, with their status and before → after in words. */
  sample: readonly SampleRow[];
  /** For a revert's preview: the action of the run it puts back. */
  revertedAction?: ActionName;
  /** The rows the preview read, as the run's `rows` (the selection may change meanwhile). */
  runRows?: string;
}

/** The preview statuses in the order worth reading, each with what it means. */
const MEANINGS: ReadonlyArray<[status: string, meaning: UiKey]> = [
  ['WILL_CHANGE', 'ui.actions.meaning.WILL_CHANGE'],
  ['NO_CHANGE', 'ui.actions.meaning.NO_CHANGE'],
  ['WILL_FAIL', 'ui.actions.meaning.WILL_FAIL'],
  ['NOT_FOUND', 'ui.actions.meaning.NOT_FOUND'],
  ['CHANGED_SINCE', 'ui.actions.meaning.CHANGED_SINCE'],
  ['NOT_REVERSIBLE', 'ui.actions.meaning.NOT_REVERSIBLE'],
];

/** Statuses of rows the run will not change, whose reason a person should read first. */
const PROBLEM_STATUSES: readonly string[] = [
  'WILL_FAIL',
  'NOT_FOUND',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
];

export interface PreviewLine {
  status: string;
  count: number;
  meaning: string;
}

/** A revert's preview: its changes put leads back. */
const REVERT_MEANINGS: Readonly<Record<string, UiKey>> = {
  WILL_CHANGE: 'ui.actions.meaning.revert.WILL_CHANGE',
  NO_CHANGE: 'ui.actions.meaning.revert.NO_CHANGE',
};

/** The non-zero counts, each with what it means; a status this sidebar does not know, as is. */
export function previewLines(
  counts: Readonly<Record<string, number>>,
  t: UiTranslate,
  mode: 'run' | 'revert' = 'run',
): PreviewLine[] {
  const known = MEANINGS.map(([status, meaning]) => ({
    status,
    count: counts[status] ?? 0,
    meaning: t((mode === 'revert' ? REVERT_MEANINGS[status] : undefined) ?? meaning),
  }));
  const others = Object.keys(counts)
    .filter((status) => !MEANINGS.some(([s]) => s === status))
    .map((status) => ({ status, count: counts[status] ?? 0, meaning: '' }));
  return [...known, ...others].filter((line) => line.count > 0);
}

/** Rows the run will change (status WILL_CHANGE): they are what Run acts on. */
export { changingRows };

/** Every request the run makes: writes, before-state reads, and the one scope check. */
export function runRequests(
  preview: Pick<PreviewAnswer, 'writeRequests' | 'readRequests'>,
): number {
  return preview.writeRequests + preview.readRequests + 1;
}

/** "12 requests: under a minute at 60 requests a minute". */
export function costText(
  preview: Pick<PreviewAnswer, 'writeRequests' | 'readRequests' | 'seconds'>,
  words: Pick<Words, 't' | 'number'>,
): string {
  const requests = runRequests(preview);
  return words.t(requests === 1 ? 'ui.actions.costOne' : 'ui.actions.cost', {
    requests: words.number(requests),
    duration: formatDuration(Math.max(0, preview.seconds) * 1_000, words),
    rate: REQUESTS_PER_MINUTE,
  });
}

export type { SampleRow };

/** The sample split in two: rows that change (before → after) and rows that will not, with why. */
export function sampleParts(preview: Pick<PreviewAnswer, 'sample'>): {
  changes: SampleRow[];
  problems: SampleRow[];
} {
  return {
    changes: preview.sample.filter((r) => r.status === 'WILL_CHANGE'),
    problems: preview.sample.filter((r) => PROBLEM_STATUSES.includes(r.status)),
  };
}

/** "… and 950 more rows: each has its line in CRM Action Detail." when the sample is not all. */
export function moreRowsText(
  preview: Pick<PreviewAnswer, 'rows' | 'sample'>,
  words: Pick<Words, 't' | 'number'>,
): string {
  const more = preview.rows - preview.sample.length;
  if (more <= 0) return '';
  return words.t(more === 1 ? 'ui.actions.moreRowsOne' : 'ui.actions.moreRows', {
    count: words.number(more),
  });
}

const CONFIRM_KEYS: Readonly<Record<ActionName, UiKey>> = {
  stage: 'ui.actions.confirm.stage',
  won: 'ui.actions.confirm.won',
  lost: 'ui.actions.confirm.lost',
  addTags: 'ui.actions.confirm.addTags',
  removeTags: 'ui.actions.confirm.removeTags',
  enroll: 'ui.actions.confirm.enroll',
  unenroll: 'ui.actions.confirm.unenroll',
  message: 'ui.actions.confirm.message',
  delete: 'ui.actions.confirm.delete',
};

/** What a run of each action leaves that Revert cannot take back (said before the run). */
const UNDO_KEYS: Readonly<Record<ActionName, UiKey>> = {
  stage: 'ui.actions.undo.stage',
  won: 'ui.actions.undo.won',
  lost: 'ui.actions.undo.lost',
  addTags: 'ui.actions.undo.tags',
  removeTags: 'ui.actions.undo.tags',
  enroll: 'ui.actions.undo.enroll',
  unenroll: 'ui.actions.undo.unenroll',
  message: 'ui.actions.undo.message',
  delete: 'ui.actions.undo.delete',
};

export function undoText(action: ActionName, t: UiTranslate): string {
  return t(UNDO_KEYS[action]);
}

/** The question asked before a run: what, to how many leads of which sheet, and what stays. */
export function confirmText(
  action: ActionName,
  preview: Pick<PreviewAnswer, 'counts' | 'writeRequests' | 'readRequests' | 'seconds'>,
  sheet: string,
  words: Pick<Words, 't' | 'number'>,
): string {
  const { t } = words;
  const question = t(CONFIRM_KEYS[action], {
    leads: leadsText(changingRows(preview), words),
    sheet,
  });
  const failing = (preview.counts.WILL_FAIL ?? 0) + (preview.counts.NOT_FOUND ?? 0);
  const failText =
    failing > 0
      ? ` ${t(failing === 1 ? 'ui.actions.confirmFailingOne' : 'ui.actions.confirmFailing', { count: words.number(failing) })}`
      : '';
  return `${question}${failText} ${costText(preview, words)}. ${undoText(action, t)}`;
}

/** What a revert of each action cannot put back (said before the revert runs). */
const REVERT_LIMIT_KEYS: Readonly<Record<ActionName, UiKey>> = {
  stage: 'ui.actions.revertLimit.stage',
  won: 'ui.actions.revertLimit.won',
  lost: 'ui.actions.revertLimit.lost',
  addTags: 'ui.actions.revertLimit.tags',
  removeTags: 'ui.actions.revertLimit.tags',
  enroll: 'ui.actions.revertLimit.enroll',
  unenroll: 'ui.actions.revertLimit.unenroll',
  message: 'ui.actions.revertLimit.message',
  delete: 'ui.actions.revertLimit.delete',
};

export function revertLimitText(action: ActionName | undefined, t: UiTranslate): string {
  return action ? t(REVERT_LIMIT_KEYS[action]) : t('ui.actions.revertLimit.unknown');
}

/** The question asked before a revert. */
export function revertConfirmText(
  preview: Pick<PreviewAnswer, 'counts' | 'writeRequests' | 'readRequests' | 'seconds'> & {
    revertedAction?: ActionName;
  },
  words: Pick<Words, 't' | 'number'>,
): string {
  const { t } = words;
  const question = t('ui.actions.revertConfirm', {
    leads: leadsText(changingRows(preview), words),
  });
  const changed = preview.counts.CHANGED_SINCE ?? 0;
  const changedText =
    changed > 0
      ? ` ${t(changed === 1 ? 'ui.actions.revertChangedOne' : 'ui.actions.revertChanged', { count: words.number(changed) })}`
      : '';
  return `${question}${changedText} ${costText(preview, words)}. ${revertLimitText(preview.revertedAction, t)}`;
}

/**
 * A delete runs only when the person typed the exact number of leads it deletes (the server
 * checks `confirm` again). Thousands separators and spaces are allowed: "1.000" is 1000.
 */
export function typedCount(typed: string): number | undefined {
  const digits = typed.replace(/[\s.,\u00a0]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

export function deleteConfirmed(typed: string, count: number | undefined): boolean {
  return count !== undefined && count > 0 && typedCount(typed) === count;
}

/** Notes under a finished run, for the statuses a person must act on. */
const AFTER_NOTES: ReadonlyArray<[status: string, one: UiKey, many: UiKey]> = [
  ['UNCERTAIN', 'ui.actions.after.uncertainOne', 'ui.actions.after.uncertain'],
  ['BLOCKED', 'ui.actions.after.blockedOne', 'ui.actions.after.blocked'],
  ['SKIPPED', 'ui.actions.after.skippedOne', 'ui.actions.after.skipped'],
  ['FAILED', 'ui.actions.after.failedOne', 'ui.actions.after.failed'],
  ['NOT_FOUND', 'ui.actions.after.notFoundOne', 'ui.actions.after.notFound'],
  ['CHANGED_SINCE', 'ui.actions.after.changedOne', 'ui.actions.after.changed'],
  ['NOT_REVERSIBLE', 'ui.actions.after.notReversibleOne', 'ui.actions.after.notReversible'],
];

export function afterNotes(
  counts: Readonly<Record<string, number>>,
  { t, number }: Pick<Words, 't' | 'number'>,
): string[] {
  return AFTER_NOTES.flatMap(([status, one, many]) => {
    const count = counts[status] ?? 0;
    return count > 0 ? [t(count === 1 ? one : many, { count: number(count) })] : [];
  });
}

/** Actions whose run a revert can put back, at least in part (PRODUCT.md "Lead actions"). */
const REVERTIBLE: readonly ActionName[] = [
  'stage',
  'won',
  'lost',
  'addTags',
  'removeTags',
  'enroll',
];

/** After a run that changed leads a revert can put back: where to find it, and its run id. */
export function revertHint(
  action: ActionName,
  summary: { jobId: string; counts: Readonly<Record<string, number>> },
  t: UiTranslate,
): string {
  return REVERTIBLE.includes(action) && (summary.counts.DONE ?? 0) > 0
    ? t('ui.actions.after.revert', { runId: summary.jobId })
    : '';
}

const ACTION_NAMES: Readonly<Record<ActionName, UiKey>> = {
  stage: 'ui.actions.action.stage',
  won: 'ui.actions.action.won',
  lost: 'ui.actions.action.lost',
  addTags: 'ui.actions.action.addTags',
  removeTags: 'ui.actions.action.removeTags',
  enroll: 'ui.actions.action.enroll',
  unenroll: 'ui.actions.action.unenroll',
  message: 'ui.actions.action.message',
  delete: 'ui.actions.action.delete',
};

export function actionLabel(action: ActionName, t: UiTranslate): string {
  return t(ACTION_NAMES[action]);
}

/** uiLastLeadActionsRun's answer. */
export interface RunInfo {
  runId: string;
  action: ActionName;
  state: string;
}

/** "Last run: Move to a stage (run abc123)". */
export function runText(run: RunInfo, t: UiTranslate): string {
  return t('ui.actions.lastRun', { action: actionLabel(run.action, t), runId: run.runId });
}
