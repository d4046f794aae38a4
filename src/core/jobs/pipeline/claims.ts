/**
 * Claims a row job keeps in its checkpoint (pure): the ids of the things it acted on, or may
 * have, so that no other row of the same thing is acted on again, whatever the sheet shows once
 * a person deletes or edits the row that says so. Ids are kept as sorted base-36 gaps
 * ("1.a.3"), about three characters an id; keys with no id (an e-mail, a phone) as they are.
 */

/** Ids as sorted base-36 gaps: about three characters an id in a checkpoint. */
export function encodeIds(ids: ReadonlySet<number>): string {
  let previous = 0;
  return [...ids]
    .sort((a, b) => a - b)
    .map((id) => {
      const gap = id - previous;
      previous = id;
      return gap.toString(36);
    })
    .join('.');
}

export function decodeIds(text: string | undefined): Set<number> {
  const ids = new Set<number>();
  let previous = 0;
  for (const gap of (text ?? '').split('.')) {
    if (gap === '') continue;
    previous += Number.parseInt(gap, 36);
    ids.add(previous);
  }
  return ids;
}

/** The claims of a checkpoint: encoded ids, and keys without an id. */
export interface Claims {
  ids?: string | undefined;
  keys?: string[] | undefined;
}

/**
 * `claims` with `keys` added: a key naming an id (`idOf`) joins the ids, any other the keys.
 * Unchanged claims come back as they were (the same object), so a caller can tell.
 */
export function addClaims(
  claims: Claims,
  keys: readonly string[],
  idOf: (key: string) => number | undefined,
): Claims {
  if (keys.length === 0) return claims;
  const ids = decodeIds(claims.ids);
  const others = new Set(claims.keys ?? []);
  for (const key of keys) {
    const id = idOf(key);
    if (id !== undefined) ids.add(id);
    else others.add(key);
  }
  return {
    ...(ids.size > 0 ? { ids: encodeIds(ids) } : {}),
    ...(others.size > 0 ? { keys: [...others] } : {}),
  };
}
