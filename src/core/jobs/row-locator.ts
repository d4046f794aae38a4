import { type Translate, translator } from '../i18n';

/**
 * Finding a job's row again by its key. Between two steps (or two slices) the user may sort
 * the sheet, insert or delete rows, so a row number remembered in a checkpoint is only a
 * hint: the key (a lead id, a row key the job wrote, a match key) decides.
 */

/** Why a key cannot be placed; the handler turns this into the row's status or the job's message. */
export type RowLookup =
  | { found: true; index: number }
  | { found: false; reason: 'missing' | 'ambiguous'; message: string };

/**
 * `keys` is the key column as it is now (index 0 = first data row). The hint is tried first,
 * so the usual case (nothing moved) costs one comparison.
 */
export function locateRow(
  keys: readonly string[],
  key: string,
  hintIndex?: number,
  t: Translate = translator('en'),
): RowLookup {
  if (key === '') return { found: false, reason: 'missing', message: t('jobs.row.noKey') };
  const matches: number[] = [];
  if (hintIndex !== undefined && keys[hintIndex] === key) {
    // Still confirm it is unique: a copy-pasted row would otherwise take the status.
    for (let i = 0; i < keys.length && matches.length < 2; i++)
      if (keys[i] === key) matches.push(i);
  } else {
    keys.forEach((candidate, i) => {
      if (candidate === key) matches.push(i);
    });
  }
  if (matches.length === 1) return { found: true, index: matches[0] ?? -1 };
  if (matches.length === 0) {
    return {
      found: false,
      reason: 'missing',
      message: t('jobs.row.gone', { key }),
    };
  }
  return {
    found: false,
    reason: 'ambiguous',
    message: t('jobs.row.keyTwice', { key }),
  };
}

/** Positions of every key, for handlers that place many rows at once. Duplicates map to -1. */
export function indexRowsByKey(keys: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  keys.forEach((key, i) => {
    if (key === '') return;
    index.set(key, index.has(key) ? -1 : i);
  });
  return index;
}
