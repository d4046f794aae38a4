import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionWords } from '../../../src/core/actions/kind';
import { LEAD_ACTIONS } from '../../../src/core/actions/types';
import { catalogKeys, isMessageKey, type MessageKey, translator } from '../../../src/core/i18n';
import { EN } from '../../../src/core/i18n/catalog/en';
import { PT } from '../../../src/core/i18n/catalog/pt';
import { OUTSTANDING_ENGLISH } from './english-outstanding';
import { type EnglishText, englishTexts, englishWords, readsAsEnglish } from './english-scan';
import { SCRIPT_ONLY_ENGLISH } from './script-only-english';

/**
 * Issue 18.2: a Portuguese user never reads English. Three ways English could reach them, each
 * walked here: a catalogue message (its Portuguese side), the translator (a fallback), and a
 * sentence in code that reaches a person without the catalogue (job messages, Detail cells,
 * formula errors, sidebar errors: every string the bundle's code can throw, return or store).
 * `english-outstanding.ts` lists what is still English, per area; a new English sentence fails
 * here, and so does a listed one that is gone (take it off the list).
 */
const ROOT = path.resolve(__dirname, '../../..');
/** Everything that runs in Apps Script (the sidebars' words come from the catalogue). */
const BUNDLE_DIRS = ['src/api', 'src/core', 'src/gas', 'src/addon'];

/** Words that read the same in both languages, where an identical message is right. */
const SAME_IN_BOTH = /^[\s\W\d]*$|^(CRM|E-mail|Status|Total|Tags|Cloud API|OK)\b/;

const keyOf = (entry: Pick<EnglishText, 'file' | 'text'>) => `${entry.file} :: ${entry.text}`;

/**
 * A coded error reaches a sidebar as its `ui.error.<code>` words and a formula as its
 * `formulas.error.<code>` (or `ui.error.<code>`) words: its English message is for scripts only.
 * So does a zod check's message that names its issue's kind (`params: {kind}`).
 */
function translatedByCode(entry: EnglishText): boolean {
  if (entry.code === undefined) return false;
  // A refused argument's issue of this kind: a person reads import.input.<kind> (input-problem.ts).
  if (entry.sink === 'issueKind') return isMessageKey(`import.input.${entry.code}`);
  return entry.sink === 'codedError' && isMessageKey(`ui.error.${entry.code}`);
}

function writeOutstanding(found: readonly EnglishText[]): void {
  const path = `${__dirname}/english-outstanding.ts`;
  const header = readFileSync(path, 'utf8').split('export const')[0] ?? '';
  const lines = [...found]
    .sort((a, b) => a.file.localeCompare(b.file))
    .map((e) => `  [${JSON.stringify(e.file)}, ${JSON.stringify(e.text)}],`);
  writeFileSync(
    path,
    `${header}export const OUTSTANDING_ENGLISH: ReadonlyArray<readonly [string, string]> = [\n${lines.join('\n')}\n];\n`,
  );
  // The list is generated; Biome's format keeps `npm run lint` clean after a rewrite.
  execFileSync('npx', ['biome', 'format', '--write', path], { stdio: 'ignore' });
}

describe('the English detector', () => {
  it('knows an English sentence from a Portuguese one', () => {
    expect(readsAsEnglish('Cancelled; rows already processed keep their status.')).toBe(true);
    expect(readsAsEnglish('limit can be at most 1000 leads')).toBe(true);
    expect(readsAsEnglish('Cancelado; as linhas já processadas mantêm o status.')).toBe(false);
    expect(readsAsEnglish('Se for o caso, o e-mail do lead é usado.')).toBe(false);
    expect(englishWords('Coluna "the sheet is" {name} desconhecida').size).toBe(0);
  });
});

describe('a Portuguese user reads no English', () => {
  it('every Portuguese message of the catalogue is Portuguese', () => {
    const english = (Object.keys(PT) as MessageKey[]).filter((key) => {
      const text = PT[key];
      // Placeholders ({variable}) are no words: a message made only of them reads the same in both.
      const words = text.replace(/\{[^}]*\}/g, ' ');
      const copied =
        text === EN[key] && words.split(/\s+/).length >= 3 && !SAME_IN_BOTH.test(words);
      return readsAsEnglish(text) || copied;
    });
    expect(english).toEqual([]);
  });

  it('the Portuguese translator never falls back to English', () => {
    const t = translator('pt');
    for (const key of catalogKeys('en') as MessageKey[]) {
      expect(t(key), key).toBe(PT[key]);
    }
  });

  const scriptOnly = (entry: EnglishText) =>
    SCRIPT_ONLY_ENGLISH.some(({ file, fn }) => entry.file === file && entry.fn === fn);
  const found = englishTexts(ROOT, BUNDLE_DIRS).filter(
    (entry) => !translatedByCode(entry) && !scriptOnly(entry),
  );

  it('each function whose English is for scripts only has its proof', () => {
    for (const { file, fn, proof } of SCRIPT_ONLY_ENGLISH) {
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).toContain(`function ${fn}(`);
      expect(readFileSync(path.join(ROOT, proof), 'utf8'), proof).toContain(`${fn}`);
    }
  });
  const outstanding = new Set(OUTSTANDING_ENGLISH.map(([file, text]) => keyOf({ file, text })));
  // UPDATE_ENGLISH_LIST=1 rewrites the list from what is found (then read its diff: only
  // removals are progress; an addition is new English a person can reach).
  if (process.env.UPDATE_ENGLISH_LIST) writeOutstanding(found);

  it('no new English sentence in the bundle reaches a person without the catalogue', () => {
    const fresh = found.filter((entry) => !outstanding.has(keyOf(entry)));
    expect(
      fresh.map((e) => `${e.file} (${e.sink || 'value'}): ${e.text}`),
      'say it through the catalogue (src/core/i18n/catalog/{en,pt}) or a coded error with ui.error.<code> words',
    ).toEqual([]);
  });

  it('the list of English still to translate holds only English still there', () => {
    const seen = new Set(found.map(keyOf));
    const gone = [...outstanding].filter((key) => !seen.has(key));
    expect(gone, 'translated since: remove from english-outstanding.ts').toEqual([]);
  });
});

/**
 * Issue 29.8: English a new pt-BR user still met: the send preview's footer, lead-action job
 * names (`won`, `addTags`…), the Export form's examples and a formula's suggestion. Each is
 * checked here as the person reads it, in Portuguese.
 */
describe('issue 29.8: the texts a pt-BR user reported read as Portuguese', () => {
  const pt = translator('pt');

  it('a lead-action job names its action in words, never by its API name', () => {
    for (const action of LEAD_ACTIONS) {
      const action_ = actionWords(pt, action);
      const texts = [
        pt('leadjob.message.progress', { action: action_, done: 1, total: 2 }),
        pt('leadjob.message.finished', { action: action_, sheet: 'Ações', parts: '1 DONE' }),
        pt('leadjob.message.previewed', { action: action_, sheet: 'Ações', parts: '1 DONE' }),
        pt('leadjob.message.queued', { action: action_, sheet: 'Ações' }),
      ];
      for (const text of texts) expect(text, action).not.toMatch(new RegExp(`\\b${action}\\b`));
    }
    expect(
      pt('leadjob.message.previewed', { action: actionWords(pt, 'won'), sheet: 'A', parts: '1' }),
    ).toBe('Prévia de ações em leads (marcar como ganho) em "A": 1. Nada foi alterado no CRM.');
  });

  it('the send preview’s footer is in Portuguese', () => {
    expect(pt('send.preview.column', { letter: 'A', header: 'Nome' })).toBe('coluna A "Nome"');
    expect(pt('send.preview.fixed', { value: 'x' })).toBe('texto fixo: x');
    expect(pt('send.preview.leadColumn', { column: 'CRM Lead ID' })).toBe(
      'número do lead na coluna "CRM Lead ID"',
    );
    for (const by of ['email', 'phone', 'email_or_phone'] as const)
      expect(pt(`send.preview.leadBy.${by}`)).not.toMatch(/looked|email_or_phone/);
    // No English sentence part stays in the code that builds it.
    const api = readFileSync(path.join(ROOT, 'src/addon/send-api.ts'), 'utf8');
    expect(api).not.toMatch(/`(fixed: |column \$|lead id in column|lead looked up)/);
  });

  it('every placeholder of a sidebar’s HTML comes from the catalogue, or is a Portuguese example', () => {
    const examples = new Set(['Vendas', 'Proposta', 'vip, quente', 'site', 'crm_…']);
    const literal: string[] = [];
    for (const dir of readdirSync(path.join(ROOT, 'src/ui'))) {
      const file = path.join(ROOT, 'src/ui', dir, 'body.html');
      if (!existsSync(file)) continue;
      for (const [, value] of readFileSync(file, 'utf8').matchAll(/placeholder="([^"]*)"/g))
        if (!/^\[\[[\w.]+\]\]$/.test(value ?? '') && !examples.has(value ?? ''))
          literal.push(`${dir}: ${value}`);
    }
    expect(literal).toEqual([]);
    expect(PT['ui.export.statusPlaceholder']).toMatch(/em aberto/);
  });

  it('a formula typo’s suggestion is a Portuguese sentence around the CRM’s column names', () => {
    const text = pt('ui.error.queryUnknownColumnSuggest', {
      name: 'nme',
      suggestions: '"name", "notes"',
    });
    expect(text).toBe(
      'Coluna "nme" desconhecida. Colunas de nome parecido, como o CRM as escreve: "name", "notes".',
    );
  });
});
