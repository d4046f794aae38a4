import { byId, type Child, h } from './dom';
import type { SampleRow } from './preview-model';

/**
 * A preview's sample rows: each row's number and name, then what the sidebar says of it (its
 * status, its fields). `data-row` and `data-status` name the row for the tests and the person.
 */
export function sampleList<R extends SampleRow>(
  rows: readonly R[],
  className: string,
  rowLabel: (row: number) => string,
  rest: (row: R) => Child[],
): HTMLElement {
  return h(
    'ul',
    { class: `sample ${className}` },
    ...rows.map((row) =>
      h(
        'li',
        { 'data-row': String(row.row), 'data-status': row.status },
        h('span', { class: 'row-number' }, rowLabel(row.row)),
        row.name ? h('span', { class: 'row-name' }, row.name) : null,
        ...rest(row),
      ),
    ),
  );
}

/** A part of the preview (#preview-changes…): its title and content, or nothing when `shown` is false. */
export function showPart(id: string, title: string, shown: boolean, ...content: Node[]): void {
  byId(id).replaceChildren(...(shown ? [h('h2', {}, title), ...content] : []));
}

/** The preview's frame (#preview-result): its title, counts, cost and rows not listed, on show. */
export function showPreview(frame: {
  title: string;
  counts: readonly Node[];
  cost: string;
  more: string;
}): void {
  byId('preview-title').textContent = frame.title;
  byId('preview-counts').replaceChildren(...frame.counts);
  byId('preview-cost').textContent = frame.cost;
  byId('preview-more').textContent = frame.more;
  byId('preview-result').hidden = false;
}
