import { h } from '../shared/dom';
import { t, words } from '../shared/i18n';
import { sampleList, showPart, showPreview } from '../shared/sample-list';
import {
  changingRows,
  costText,
  moreRowsText,
  type PreviewAnswer,
  previewLines,
  type SampleRow,
  sampleParts,
} from './preview';

/**
 * A preview on the page (preview.ts says what it reads as): the counts with their meanings,
 * the cost of the run at the rate limit, each row's before → after, and the rows that will
 * not change with why.
 */

function actionSample(rows: readonly SampleRow[], className: string, withStatus: boolean) {
  return sampleList(
    rows,
    className,
    (row) => t('ui.actions.row', { row }),
    (row) => [withStatus ? h('span', { class: 'row-status' }, row.status) : null, row.detail],
  );
}

export function renderPreview(preview: PreviewAnswer, title: string): void {
  const { changes, problems } = sampleParts(preview);
  showPart(
    'preview-changes',
    t('ui.actions.changesTitle'),
    changes.length > 0,
    actionSample(changes, 'changes', false),
  );
  showPart(
    'preview-problems',
    t('ui.actions.problemsTitle'),
    problems.length > 0,
    actionSample(problems, 'problems', true),
  );
  showPreview({
    title,
    counts: previewLines(preview.counts, t, preview.action === 'revert' ? 'revert' : 'run').map(
      (line) =>
        h(
          'li',
          { 'data-status': line.status },
          h('b', {}, words.number(line.count)),
          ` ${line.status}${line.meaning ? `: ${line.meaning}` : ''}`,
        ),
    ),
    cost: changingRows(preview) > 0 ? costText(preview, words) : '',
    more: moreRowsText(preview, words),
  });
}
