/**
 * Users type names the way they see them in the CRM ("Proposta", "proposta ", "PROPOSTA"),
 * and Portuguese names carry accents that a US keyboard drops ("Negociação" / "Negociacao").
 * Names are therefore compared after folding case, accents and runs of spaces.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Edit distance, used only to suggest close matches in error messages (short inputs). */
export function editDistance(a: string, b: string): number {
  const previous: number[] = [];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0] as number;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] as number) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length] as number;
}

/**
 * Candidates that look like `wanted`: same name after folding, a prefix/substring either way,
 * or within a small edit distance. Best first, at most `limit`.
 */
export function closeMatches(wanted: string, candidates: readonly string[], limit = 5): string[] {
  const target = foldName(wanted);
  if (target === '') return [];
  const scored: Array<{ name: string; score: number }> = [];
  for (const name of candidates) {
    const folded = foldName(name);
    const distance = editDistance(target, folded);
    const shorter = Math.min(target.length, folded.length);
    const allowed = shorter <= 3 ? 1 : shorter <= 6 ? 2 : 3;
    let score: number | undefined;
    if (folded === target) score = 0;
    else if (distance <= allowed) score = distance;
    else if (target.length >= 3 && (folded.includes(target) || target.includes(folded))) {
      score = allowed + 1;
    }
    if (score !== undefined) scored.push({ name, score });
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return scored.slice(0, limit).map((entry) => entry.name);
}

/** `"a", "b", "c"` for error messages. */
export function quoteList(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}
