import { costText } from '../actions/preview';
import { changingRows, leadsText, type SampleRow } from '../shared/preview-model';
import type { UiKey, UiTranslate, Words } from '../shared/words';

/**
 * The Push changes sidebar as data (PRODUCT.md "Round trip"): the options a push takes from the
 * form, how a preview reads (counts, each row's before → after, the conflicts, what will not be
 * sent and why, the time the run takes), the question before a run or a revert, and what a
 * finished run leaves to do. No DOM and no add-on type here, so it runs (and is tested) in Node;
 * main.ts hands the server's answers in, and the sidebar's typecheck fails the build when the
 * server's shapes drift from these.
 */

/** The form: the exported sheet, and whether the sheet's value wins a conflict. */
export interface PushForm {
  sheet: string;
  keepSheet: boolean;
}

/** crmPushChanges' options as the sidebar builds them (preview is added by the caller). */
export interface PushOptions {
  sheet: string;
  onConflict?: 'sheet';
  rows?: string;
}

/** uiPushSetup: the exported sheets and the one to open on. */
export interface PushSetup {
  sheets: readonly string[];
  sheet: string;
}

/**
 * The options of a push from the form and the rows picker; throws the person's words when no
 * exported sheet is picked. `onConflict` is left out unless the sheet's value should win, so
 * that a preview and its run compare alike.
 */
export function pushOptionsOf(
  form: PushForm,
  rows: { rows?: string },
  t: UiTranslate,
): PushOptions {
  if (form.sheet.trim() === '') throw new Error(t('ui.push.noExport'));
  return {
    sheet: form.sheet,
    ...(form.keepSheet ? { onConflict: 'sheet' as const } : {}),
    ...(rows.rows === undefined ? {} : { rows: rows.rows }),
  };
}

/** Run pushes only what its preview was made of: the same sheet, conflict choice and rows. */
export function samePushOptions(a: PushOptions | undefined, b: PushOptions | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.sheet === b.sheet &&
    a.onConflict === b.onConflict &&
    (a.rows ?? 'all') === (b.rows ?? 'all')
  );
}

/** The sheet the sidebar opens on: the one shown before when it is still an export, else the server's. */
export function openingSheet(setup: PushSetup, current = ''): string {
  return current !== '' && setup.sheets.includes(current) ? current : setup.sheet;
}

/** One row of a preview (uiPushPreview's sample). */
export type PushSampleRow = SampleRow;

/** uiPushPreview's answer, as this module reads it. */
export interface PushPreviewAnswer {
  jobId: string;
  counts: Readonly<Record<string, number>>;
  rows: number;
  sample: readonly PushSampleRow[];
  /** Rows of the sheet that carry this preview's status (NO_CHANGE included). */
  marked: number;
  /** What the run will send and read, when the server counts it (else estimated here). */
  writeRequests?: number;
  readRequests?: number;
}

/** A preview of a push or of its revert: the same shape, other words. */
export type PreviewMode = 'run' | 'revert';

/** The statuses of a push preview, in the order worth reading (PRODUCT.md "Round trip"). */
export const PREVIEW_ORDER: readonly string[] = [
  'WILL_CHANGE',
  'CONFLICT',
  'INVALID',
  'NOT_FOUND',
  'SKIPPED',
  'NO_CHANGE',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
];

/** The non-zero counts in PREVIEW_ORDER, then any status this sidebar does not know, as is. */
export function previewCounts(
  counts: Readonly<Record<string, number>>,
): { status: string; count: number }[] {
  const known = PREVIEW_ORDER.map((status) => ({ status, count: counts[status] ?? 0 }));
  const others = Object.keys(counts)
    .filter((status) => !PREVIEW_ORDER.includes(status))
    .map((status) => ({ status, count: counts[status] ?? 0 }));
  return [...known, ...others].filter((line) => line.count > 0);
}

/** The job kind whose words (`ui.status.<kind>.<STATUS>`) say what a preview's counts mean. */
export function wordsKind(mode: PreviewMode): 'push' | 'pushRevert' {
  return mode === 'revert' ? 'pushRevert' : 'push';
}

/** Rows the run will send (WILL_CHANGE): what Run acts on. */
export { changingRows };

/**
 * What the run costs at the rate limit: one write per changing row at least (fields by upsert, a
 * stage, tags: one request each; the server's count when it gives one), the reads the preview
 * made (the run reads the leads again to find a colleague's change; else one a row), and the
 * scope check.
 */
export function runCost(
  preview: Pick<PushPreviewAnswer, 'counts' | 'writeRequests' | 'readRequests'>,
): {
  writeRequests: number;
  readRequests: number;
  seconds: number;
} {
  const rows = changingRows(preview);
  const writeRequests = preview.writeRequests ?? rows;
  const readRequests = rows === 0 ? 0 : (preview.readRequests ?? rows);
  return { writeRequests, readRequests, seconds: writeRequests + readRequests + 1 };
}

/** "12 requests: under a minute at 60 requests a minute" (the Lead actions sidebar's words). */
export function pushCostText(
  preview: Pick<PushPreviewAnswer, 'counts' | 'writeRequests' | 'readRequests'>,
  words: Pick<Words, 't' | 'number'>,
): string {
  return costText(runCost(preview), words);
}

/** Statuses of rows that will not be sent, whose reason a person reads (CONFLICT apart). */
const PROBLEM_STATUSES: readonly string[] = [
  'INVALID',
  'NOT_FOUND',
  'SKIPPED',
  'CHANGED_SINCE',
  'NOT_REVERSIBLE',
];

/** The sample in three: what changes (before → after), the conflicts (both values), the rest. */
export function sampleParts(preview: Pick<PushPreviewAnswer, 'sample'>): {
  changes: PushSampleRow[];
  conflicts: PushSampleRow[];
  problems: PushSampleRow[];
} {
  return {
    changes: preview.sample.filter((r) => r.status === 'WILL_CHANGE'),
    conflicts: preview.sample.filter((r) => r.status === 'CONFLICT'),
    problems: preview.sample.filter((r) => PROBLEM_STATUSES.includes(r.status)),
  };
}

/**
 * A detail's fields, one line each, as the sidebar lists them under the row: the push writes
 * one field's before → after per line, or several on one line separated by "; ".
 */
export function detailLines(detail: string): string[] {
  return detail
    .split(/\n|;\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** "… and 950 more rows: each has its line in CRM Push Detail." when the sample is not all. */
export function moreRowsText(
  preview: Pick<PushPreviewAnswer, 'counts' | 'sample'>,
  words: Pick<Words, 't' | 'number'>,
): string {
  const listed = Object.entries(preview.counts)
    .filter(([status]) => status !== 'NO_CHANGE')
    .reduce((sum, [, count]) => sum + count, 0);
  const more = listed - preview.sample.length;
  if (more <= 0) return '';
  return words.t(more === 1 ? 'ui.push.moreRowsOne' : 'ui.push.moreRows', {
    count: words.number(more),
  });
}

/** The question asked before a push: how many leads of which sheet, the conflicts, the time. */
export function confirmText(
  preview: Pick<PushPreviewAnswer, 'counts' | 'writeRequests' | 'readRequests'>,
  options: PushOptions,
  words: Pick<Words, 't' | 'number'>,
): string {
  const { t } = words;
  const parts = [
    t('ui.push.confirm', { leads: leadsText(changingRows(preview), words), sheet: options.sheet }),
  ];
  const conflicts = preview.counts.CONFLICT ?? 0;
  if (conflicts > 0) {
    parts.push(t('ui.push.confirmConflicts', { count: words.number(conflicts), n: conflicts }));
  }
  if (options.onConflict === 'sheet') parts.push(t('ui.push.confirmKeepSheet'));
  parts.push(`${pushCostText(preview, words)}.`, t('ui.push.confirmRevert'));
  return parts.join(' ');
}

/** The question asked before a revert of a push. */
export function revertConfirmText(
  preview: Pick<PushPreviewAnswer, 'counts' | 'writeRequests' | 'readRequests'>,
  words: Pick<Words, 't' | 'number'>,
): string {
  const count = changingRows(preview);
  return `${words.t('ui.push.revert.confirm', { leads: leadsText(count, words), n: count })} ${pushCostText(preview, words)}.`;
}

/** Notes under a finished push or revert, for the statuses a person must act on. */
const AFTER_NOTES: ReadonlyArray<[status: string, note: UiKey]> = [
  ['UNCERTAIN', 'ui.push.after.uncertain'],
  ['FAILED', 'ui.push.after.failed'],
  ['NOT_PREVIEWED', 'ui.push.after.notPreviewed'],
  ['CONFLICT', 'ui.push.after.conflict'],
  ['INVALID', 'ui.push.after.invalid'],
  ['SKIPPED', 'ui.push.after.skipped'],
  ['CHANGED_SINCE', 'ui.push.after.changedSince'],
  ['NOT_REVERSIBLE', 'ui.push.after.notReversible'],
];

export function afterNotes(
  counts: Readonly<Record<string, number>>,
  { t, number }: Pick<Words, 't' | 'number'>,
): string[] {
  return AFTER_NOTES.flatMap(([status, note]) => {
    const count = counts[status] ?? 0;
    return count > 0 ? [t(note, { count: number(count), n: count })] : [];
  });
}

/** After a push that sent something: where its revert is, and its run id. */
export function revertHint(
  summary: { jobId: string; counts: Readonly<Record<string, number>> },
  t: UiTranslate,
): string {
  return (summary.counts.DONE ?? 0) > 0 ? t('ui.push.after.revert', { runId: summary.jobId }) : '';
}

/** "Last push: run abc123", or that none ran yet. */
export function lastRunText(lastRunId: string | null, t: UiTranslate): string {
  return lastRunId ? t('ui.push.revert.lastRun', { runId: lastRunId }) : t('ui.push.revert.noRun');
}
