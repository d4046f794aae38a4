import { describe, expect, it } from 'vitest';
import { describeJob } from '../../src/ui/jobs/model';
import {
  afterNotes,
  changingRows,
  confirmText,
  detailLines,
  lastRunText,
  moreRowsText,
  openingSheet,
  type PushPreviewAnswer,
  previewCounts,
  pushCostText,
  pushOptionsOf,
  revertConfirmText,
  revertHint,
  runCost,
  samePushOptions,
  sampleParts,
  wordsKind,
} from '../../src/ui/push/model';
import {
  PUSH_ROW_STATUSES,
  STATUS_GROUPS,
  STATUS_TONES,
  statusMeaning,
} from '../../src/ui/shared/status-tones';
import { EN_WORDS, PT_WORDS } from './ui-words';

/**
 * The Push changes sidebar's pure half (PRODUCT.md "Round trip"): the options a preview and its
 * run are made of, how a preview reads (counts, before → after, conflicts, the time), the
 * question before a push or a revert, and the notes after it, in both languages.
 */

/** A preview of an exported sheet: three rows change, one conflicts, one refused, 40 untouched. */
const PREVIEW: PushPreviewAnswer = {
  jobId: 'job-preview',
  counts: { WILL_CHANGE: 3, CONFLICT: 1, INVALID: 1, NO_CHANGE: 40 },
  rows: 45,
  marked: 45,
  sample: [
    { row: 2, status: 'WILL_CHANGE', detail: 'Valor: R$ 9.000,00 → R$ 9.500,50', name: 'Maria' },
    {
      row: 3,
      status: 'CONFLICT',
      detail: 'Etapa: no CRM Proposta, na planilha Negociação',
      name: 'João',
    },
    {
      row: 5,
      status: 'WILL_CHANGE',
      detail: 'Etapa: Novo → Proposta; Criado em: 24/11/2026 → 25/11/2026',
    },
    { row: 7, status: 'INVALID', detail: 'Telefone: sem DDD' },
    { row: 9, status: 'WILL_CHANGE', detail: 'Etiquetas: vip → vip, quente' },
  ],
};

describe('the options a push is made of', () => {
  it('leaves onConflict out unless the sheet’s value should win', () => {
    expect(pushOptionsOf({ sheet: 'Export', keepSheet: false }, {}, PT_WORDS.t)).toEqual({
      sheet: 'Export',
    });
    expect(
      pushOptionsOf({ sheet: 'Export', keepSheet: true }, { rows: 'selection' }, PT_WORDS.t),
    ).toEqual({ sheet: 'Export', onConflict: 'sheet', rows: 'selection' });
  });

  it('with no exported sheet, says in Portuguese to export first', () => {
    expect(() => pushOptionsOf({ sheet: '', keepSheet: false }, {}, PT_WORDS.t)).toThrow(
      /^Nenhuma planilha desta pasta foi escrita por uma exportação/,
    );
  });

  it('a run keeps to its preview: another conflict choice, sheet or rows is another push', () => {
    const base = { sheet: 'Export' };
    expect(samePushOptions(base, { sheet: 'Export', rows: 'all' })).toBe(true);
    expect(samePushOptions(base, { sheet: 'Export', onConflict: 'sheet' })).toBe(false);
    expect(samePushOptions(base, { sheet: 'Outra' })).toBe(false);
    expect(samePushOptions(base, { sheet: 'Export', rows: '2:5' })).toBe(false);
    expect(samePushOptions(base, undefined)).toBe(false);
  });

  it('opens on the sheet shown before while it is still an export, else the server’s', () => {
    const setup = { sheets: ['Export', 'Clientes'], sheet: 'Export' };
    expect(openingSheet(setup)).toBe('Export');
    expect(openingSheet(setup, 'Clientes')).toBe('Clientes');
    expect(openingSheet(setup, 'Leads')).toBe('Export');
    expect(openingSheet({ sheets: [], sheet: '' })).toBe('');
  });
});

describe('a preview as it reads', () => {
  it('counts in the order worth reading, zeros left out, an unknown status kept', () => {
    expect(
      previewCounts({ NO_CHANGE: 40, CONFLICT: 1, WILL_CHANGE: 3, SKIPPED: 0, NEW: 2 }),
    ).toEqual([
      { status: 'WILL_CHANGE', count: 3 },
      { status: 'CONFLICT', count: 1 },
      { status: 'NO_CHANGE', count: 40 },
      { status: 'NEW', count: 2 },
    ]);
  });

  it('each count means what a push means by it, in both languages', () => {
    expect(statusMeaning(PT_WORDS.t, 'CONFLICT', wordsKind('run'))).toMatch(
      /também mudou no CRM.*mantenha o valor da planilha/,
    );
    expect(statusMeaning(EN_WORDS.t, 'NO_CHANGE', wordsKind('run'))).toBe(
      'no cell changed since the export: no request',
    );
    expect(statusMeaning(PT_WORDS.t, 'WILL_CHANGE', wordsKind('revert'))).toBe(
      'prévia: voltará ao que era antes do envio',
    );
  });

  it('splits the rows: changes, conflicts with both values, and what will not be sent', () => {
    const { changes, conflicts, problems } = sampleParts(PREVIEW);
    expect(changes.map((r) => r.row)).toEqual([2, 5, 9]);
    expect(conflicts.map((r) => r.row)).toEqual([3]);
    expect(problems.map((r) => r.row)).toEqual([7]);
  });

  it('lists each field of a row on its own line, as the push wrote it', () => {
    expect(detailLines('Etapa: Novo → Proposta; Criado em: 24/11/2026 → 25/11/2026')).toEqual([
      'Etapa: Novo → Proposta',
      'Criado em: 24/11/2026 → 25/11/2026',
    ]);
    expect(detailLines('Valor: R$ 9.000,00 → R$ 9.500,50\nEtiquetas: + quente')).toEqual([
      'Valor: R$ 9.000,00 → R$ 9.500,50',
      'Etiquetas: + quente',
    ]);
    expect(detailLines('')).toEqual([]);
  });

  it('the time the run takes: the server’s figures, else a write and a read a row and the scope check', () => {
    expect(runCost(PREVIEW)).toEqual({ writeRequests: 3, readRequests: 3, seconds: 7 });
    expect(runCost({ ...PREVIEW, writeRequests: 5, readRequests: 1 }).seconds).toBe(7);
    // The preview read the account in one page: the run reads it again, once.
    expect(runCost({ ...PREVIEW, readRequests: 1 })).toEqual({
      writeRequests: 3,
      readRequests: 1,
      seconds: 5,
    });
    expect(runCost({ counts: { NO_CHANGE: 9 }, readRequests: 1 }).seconds).toBe(1);
    expect(pushCostText(PREVIEW, PT_WORDS)).toBe(
      '7 requisições: menos de um minuto a 60 requisições por minuto',
    );
    const big = { counts: { WILL_CHANGE: 1_500 } };
    expect(pushCostText(big, PT_WORDS)).toBe(
      '3.001 requisições: cerca de 50 min a 60 requisições por minuto',
    );
  });

  it('says how many rows are not listed, NO_CHANGE rows aside', () => {
    expect(moreRowsText(PREVIEW, PT_WORDS)).toBe('');
    const long = { counts: { WILL_CHANGE: 1_051, NO_CHANGE: 9 }, sample: PREVIEW.sample };
    expect(moreRowsText(long, PT_WORDS)).toBe(
      '… e mais 1.046 linhas: cada uma tem sua explicação em CRM Push Detail.',
    );
  });
});

describe('the question before a push or a revert', () => {
  it('names the leads, the sheet, the conflicts left alone, the time and the revert', () => {
    expect(changingRows(PREVIEW)).toBe(3);
    expect(confirmText(PREVIEW, { sheet: 'Export' }, PT_WORDS)).toBe(
      'Enviar ao CRM as células alteradas de 3 leads de “Export”? 1 linha que também mudou no CRM fica como o CRM tem. 7 requisições: menos de um minuto a 60 requisições por minuto. Você pode reverter este envio depois.',
    );
    expect(confirmText(PREVIEW, { sheet: 'Export' }, EN_WORDS)).toBe(
      'Send the changed cells of 3 leads of “Export” to the CRM? 1 row changed in the CRM too stays as the CRM has it. 7 requests: under a minute at 60 requests a minute. You can revert this push afterwards.',
    );
  });

  it('says that the sheet’s value replaces a colleague’s when that was chosen', () => {
    const kept = { ...PREVIEW, counts: { WILL_CHANGE: 4 } };
    expect(confirmText(kept, { sheet: 'Export', onConflict: 'sheet' }, PT_WORDS)).toContain(
      'O valor da planilha substitui a mudança de um colega no CRM',
    );
  });

  it('a revert asks to put the leads back', () => {
    const revert = { counts: { WILL_CHANGE: 1, CHANGED_SINCE: 2 } };
    expect(revertConfirmText(revert, PT_WORDS)).toBe(
      'Devolver 1 lead ao que era antes do envio? 3 requisições: menos de um minuto a 60 requisições por minuto.',
    );
  });
});

describe('after a push', () => {
  it('notes what needs a person, plural by the number and not by its written form', () => {
    // 1.000 is one thousand in pt-BR: the plural follows the number, never "1.000 linha".
    expect(afterNotes({ DONE: 5, FAILED: 1_000, NOT_PREVIEWED: 1 }, PT_WORDS)).toEqual([
      '1.000 linhas deram FAILED: CRM Push Detail diz por quê.',
      '1 linha foi editada depois da prévia (NOT_PREVIEWED): nada foi enviado. Faça a prévia de novo para enviá-la.',
    ]);
    expect(afterNotes({ CONFLICT: 2 }, EN_WORDS)).toEqual([
      '2 rows changed in the CRM too (CONFLICT): not sent.',
    ]);
    expect(afterNotes({ DONE: 3 }, EN_WORDS)).toEqual([]);
  });

  it('points to Revert with the run id once something was sent', () => {
    expect(revertHint({ jobId: 'run-1', counts: { DONE: 2 } }, PT_WORDS.t)).toBe(
      'Para desfazer, abra “Reverter um envio” abaixo com a execução run-1.',
    );
    expect(revertHint({ jobId: 'run-1', counts: { NO_CHANGE: 2 } }, PT_WORDS.t)).toBe('');
    expect(lastRunText('run-1', PT_WORDS.t)).toBe('Último envio: execução run-1');
    expect(lastRunText(null, EN_WORDS.t)).toBe('No push has run on this sheet yet.');
  });
});

describe('Help and Jobs name the push', () => {
  it('Help explains every push status, each with its colour, in both languages', () => {
    expect(STATUS_GROUPS.push).toEqual(PUSH_ROW_STATUSES);
    expect(PUSH_ROW_STATUSES).toHaveLength(13);
    for (const status of PUSH_ROW_STATUSES) {
      expect(STATUS_TONES[status], status).toBeDefined();
      for (const words of [EN_WORDS, PT_WORDS]) {
        expect(words.t(`ui.status.push.${status}` as never), status).not.toBe(
          `ui.status.push.${status}`,
        );
      }
    }
  });

  it('the Jobs list names a push and its revert', () => {
    const job = { jobId: 'j', state: 'done', total: 1, done: 1, counts: {}, message: '' } as const;
    expect(describeJob({ ...job, kind: 'push' }, PT_WORDS).kind).toBe('Envio de alterações');
    expect(describeJob({ ...job, kind: 'pushRevert' }, EN_WORDS).kind).toBe('Revert of a push');
  });
});
