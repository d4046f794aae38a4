import { h } from '../shared/dom';
import { t, words } from '../shared/i18n';
import { sampleList, showPart, showPreview } from '../shared/sample-list';
import { statusCount } from '../shared/status-chip';
import { STATUS_TONES } from '../shared/status-tones';
import {
  changingRows,
  detailLines,
  moreRowsText,
  type PreviewMode,
  type PushPreviewAnswer,
  type PushSampleRow,
  previewCounts,
  pushCostText,
  sampleParts,
  wordsKind,
} from './model';

/**
 * A push preview on the page (model.ts says what it reads as): the counts with what each means,
 * the time the run takes at the rate limit, each row's fields before → after, the conflicts with
 * both values and the choice to keep the sheet's, and the rows that will not be sent with why.
 */

function pushSample(rows: readonly PushSampleRow[], className: string, withStatus: boolean) {
  return sampleList(
    rows,
    className,
    (row) => t('ui.push.row', { row }),
    (row) => [
      withStatus
        ? h('span', { class: `status-chip tone-${STATUS_TONES[row.status] ?? 'info'}` }, row.status)
        : null,
      h('ul', { class: 'fields' }, ...detailLines(row.detail).map((line) => h('li', {}, line))),
    ],
  );
}

export interface PreviewViewActions {
  /** "Keep the sheet's value, preview again" under the conflicts (a push's preview only). */
  keepSheetAndPreview?: () => void;
}

export function renderPreview(
  preview: PushPreviewAnswer,
  mode: PreviewMode,
  actions: PreviewViewActions = {},
): void {
  const { changes, conflicts, problems } = sampleParts(preview);
  showPart(
    'preview-changes',
    t('ui.push.changesTitle'),
    changes.length > 0,
    pushSample(changes, 'changes', false),
  );
  const keep = actions.keepSheetAndPreview;
  showPart(
    'preview-conflicts',
    t('ui.push.conflictsTitle'),
    conflicts.length > 0,
    h('p', { class: 'hint' }, t('ui.push.conflictsHint')),
    pushSample(conflicts, 'conflicts', false),
    ...(keep && conflicts.length > 0 ? [keepButton(keep)] : []),
  );
  showPart(
    'preview-problems',
    t('ui.push.problemsTitle'),
    problems.length > 0,
    pushSample(problems, 'problems', true),
  );
  showPreview({
    title: t(mode === 'revert' ? 'ui.push.revert.previewTitle' : 'ui.push.previewTitle'),
    counts: previewCounts(preview.counts).map((line) =>
      statusCount(line.status, words.number(line.count), wordsKind(mode)),
    ),
    cost: changingRows(preview) > 0 ? pushCostText(preview, words) : '',
    more: moreRowsText(preview, words),
  });
}

function keepButton(keep: () => void): HTMLElement {
  const button = h(
    'button',
    { type: 'button', id: 'keep-sheet-preview' },
    t('ui.push.keepAndPreview'),
  );
  button.addEventListener('click', keep);
  return button;
}
