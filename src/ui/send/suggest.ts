import { headerKey } from '../../core/import/text-key';
import { isAddonStatusHeader } from '../../core/status-headers';
import { splitPlaceholders } from './model';

/**
 * A column suggested for each variable of a template, from the words around the variable and
 * the sheet's headers, so that a person checks the choices instead of making each one. The
 * rules are few, so that a suggestion can be predicted (and is easy to change):
 *
 * 1. A header equal to the variable's example text (when the template has examples).
 * 2. Else the header named by the nearest word before the variable ("Pedido {{1}}" → Pedido;
 *    "Olá {{1}}" → a name column), then after it ("{{2}} de desconto" → Desconto); at most
 *    WINDOW words each way, never past the end of a sentence or another variable. A word names a
 *    header when it is one of the header's words, or when both belong to one of CONCEPTS.
 * 3. A column goes to one variable at most: the closest match is served first; on a tie, the
 *    variable read first, then the column further left.
 *
 * The add-on's own status columns (CRM Import …, CRM Send …) are never suggested.
 */

export interface SuggestTemplate {
  /** A text header's text, with its `{{1}}` (the variable `header_1`). */
  headerText: string;
  body: string;
  /** The variable keys to suggest for, in reading order. */
  variables: readonly string[];
  /** The provider's example value per key, when the template has them. */
  examples?: Readonly<Record<string, string>>;
}

/** How many words on each side of a variable are read. */
const WINDOW = 3;
/** A header word shorter than this never matches on its own ("de", "do", "a"). */
const MIN_WORD = 3;

/**
 * Words that speak of one thing, accents and case aside: a greeting ("Olá {{1}}") speaks of
 * the person's name, "vence em {{3}}" of a due date. Kept small: a wrong suggestion costs more
 * attention than none.
 */
const CONCEPTS: readonly (readonly string[])[] = [
  'nome name cliente client customer contato contact primeiro ola oi hello hi hey dear prezado prezada caro querido',
  'pedido order compra purchase protocolo reserva booking ticket',
  'valor value total preco price pagamento payment amount quantia fatura invoice boleto parcela saldo balance r rs',
  'vencimento vence vencer venceu prazo due validade expira expires data date agendamento agendado horario hora',
  'empresa company loja store marca brand organizacao negocio',
  'produto product plano plan servico service curso course pacote',
  'desconto discount cupom coupon promocao oferta offer',
  'link url site acesse access clique click',
  'vendedor consultor consultora atendente responsavel seller agent',
].map((words) => words.split(' '));

const CONCEPT_OF: ReadonlyMap<string, number> = new Map(
  CONCEPTS.flatMap((words, index) => words.map((word) => [word, index] as const)),
);

/** Words of a text as keys: no accents, lower case, a plural `s` dropped from longer words. */
function wordsOf(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map(wordKey);
}

function wordKey(word: string): string {
  const key = headerKey(word);
  return key.length > MIN_WORD + 1 && key.endsWith('s') && !CONCEPT_OF.has(key)
    ? key.slice(0, -1)
    : key;
}

type Token = { word: string } | { variable: string } | { stop: true };

/** The text as words, variables and sentence ends. */
function tokensOf(text: string, inHeader: boolean): Token[] {
  return splitPlaceholders(text, inHeader).flatMap((piece): Token[] => {
    if ('key' in piece) return [{ variable: piece.key }];
    return piece.text
      .split(/([.!?;:\n]+)/)
      .flatMap((part, index): Token[] =>
        index % 2 === 1 ? [{ stop: true }] : wordsOf(part).map((word) => ({ word })),
      );
  });
}

/** The words read for a variable, each with its rank: before it 1…WINDOW, after it WINDOW+1…. */
function contextOf(tokens: readonly Token[], at: number): { word: string; rank: number }[] {
  const context: { word: string; rank: number }[] = [];
  const walk = (step: -1 | 1, offset: number) => {
    for (let i = at + step, n = 1; n <= WINDOW && i >= 0 && i < tokens.length; i += step) {
      const token = tokens[i] as Token;
      if (!('word' in token)) break;
      context.push({ word: token.word, rank: offset + n });
      n += 1;
    }
  };
  walk(-1, 0);
  walk(1, WINDOW);
  return context;
}

interface HeaderWords {
  header: string;
  index: number;
  words: ReadonlySet<string>;
  concepts: ReadonlySet<number>;
}

function headerWords(header: string, index: number): HeaderWords {
  const words = wordsOf(header);
  const concepts = new Set<number>();
  for (const word of [...words, headerKey(header)]) {
    const concept = CONCEPT_OF.get(word);
    if (concept !== undefined) concepts.add(concept);
  }
  return { header, index, words: new Set(words.filter((w) => w.length >= MIN_WORD)), concepts };
}

function names(word: string, header: HeaderWords): boolean {
  if (header.words.has(word)) return true;
  const concept = CONCEPT_OF.get(word);
  return concept !== undefined && header.concepts.has(concept);
}

interface Candidate {
  key: string;
  order: number;
  header: HeaderWords;
  /** 0 for an example's exact match; else the rank of the nearest word that names the header. */
  rank: number;
}

/** Variable key → the header suggested for it; variables with no good match are left out. */
export function suggestColumns(
  template: SuggestTemplate,
  headers: readonly string[],
): Record<string, string> {
  const usable = headers
    .map(headerWords)
    .filter((h) => h.header.trim() !== '' && !isAddonStatusHeader(h.header));
  const texts = [tokensOf(template.headerText, true), tokensOf(template.body, false)];
  const candidates: Candidate[] = [];
  template.variables.forEach((key, order) => {
    const example = template.examples?.[key];
    const exampleKey = example === undefined ? '' : headerKey(example);
    for (const header of usable) {
      let rank = exampleKey !== '' && headerKey(header.header) === exampleKey ? 0 : Infinity;
      for (const tokens of texts) {
        tokens.forEach((token, at) => {
          if (!('variable' in token) || token.variable !== key) return;
          for (const { word, rank: r } of contextOf(tokens, at)) {
            if (r < rank && names(word, header)) rank = r;
          }
        });
      }
      if (rank !== Infinity) candidates.push({ key, order, header, rank });
    }
  });
  candidates.sort(
    (a, b) => a.rank - b.rank || a.order - b.order || a.header.index - b.header.index,
  );
  const chosen: Record<string, string> = {};
  const taken = new Set<number>();
  for (const { key, header } of candidates) {
    if (key in chosen || taken.has(header.index)) continue;
    chosen[key] = header.header;
    taken.add(header.index);
  }
  return chosen;
}
