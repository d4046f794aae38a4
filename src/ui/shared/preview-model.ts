import type { Words } from './words';

/**
 * What the Push changes and Lead actions previews read alike (pure: the model tests run it in
 * Node). Each sidebar's model says the rest in its own words.
 */

/** One row of a preview's sample: its sheet row, status, what changes or why not, its name. */
export interface SampleRow {
  row: number;
  status: string;
  detail: string;
  /** The row's name cell, when the server tells it. */
  name?: string;
}

/** The rows a run would change: the preview's WILL_CHANGE count. */
export function changingRows(preview: { counts: Readonly<Record<string, number>> }): number {
  return preview.counts.WILL_CHANGE ?? 0;
}

/** What the question before a run calls its rows: "1 lead", "42 leads". */
export function leadsText(count: number, { t, number }: Pick<Words, 't' | 'number'>): string {
  return t(count === 1 ? 'ui.actions.oneLead' : 'ui.actions.leads', { count: number(count) });
}
