/**
 * The export job's messages, in the language of the person who started it (issue 18.2): counts
 * pick the catalogue's `.one` or `.other` form (English and Brazilian Portuguese both say "1
 * linha", "0 linhas", "2 linhas").
 */

import type { MessageKey, Translate } from '../i18n';
import type { JobRecord } from '../jobs';
import { GONE } from './stale';

/** The keys of a counted message: `<base>.one` and `<base>.other`. */
type Counted<K extends string> = K extends `${infer Base}.one` ? Base : never;
type CountedKey = Counted<MessageKey>;

export function plural(t: Translate, key: CountedKey, count: number, params = {}): string {
  return t(`${key}.${count === 1 ? 'one' : 'other'}` as MessageKey, { ...params, count });
}

export function exportProgressMessage(
  t: Translate,
  sheet: string,
  done: number,
  total: number,
): string {
  return t('export.progress', { sheet, done, total });
}

interface FinishedOptions {
  sheetName: string;
  mode: 'replace' | 'sync';
  staleRows?: 'keep' | 'mark' | 'delete' | undefined;
}

/** `keptStale`: rows a sync with staleRows kept because it could not be sure their lead is gone. */
export function exportFinishedMessage(
  t: Translate,
  job: Pick<JobRecord, 'done' | 'counts'>,
  options: FinishedOptions,
  keptStale?: number,
): string {
  const sheet = options.sheetName;
  if (options.mode === 'replace') return plural(t, 'export.exported', job.done, { sheet });
  const c = job.counts;
  let stale = '';
  if (keptStale === undefined && options.staleRows === 'mark') {
    stale = plural(t, 'export.synced.marked', c[GONE] ?? 0);
  } else if (keptStale === undefined && options.staleRows === 'delete') {
    stale = plural(t, 'export.synced.deleted', c.DELETED ?? 0);
  }
  const message = t('export.synced', {
    sheet,
    updated: plural(t, 'export.synced.updated', c.UPDATED ?? 0),
    added: plural(t, 'export.synced.added', c.ADDED ?? 0),
    unchanged: plural(t, 'export.synced.unchanged', c.UNCHANGED ?? 0),
    stale,
  });
  return keptStale ? message + plural(t, 'export.synced.kept', keptStale) : message;
}
