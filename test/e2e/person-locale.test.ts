import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, createHarness } from './export-harness';

/**
 * Issue 18.2: the language follows the PERSON's own locale, not the spreadsheet's. An English
 * speaking colleague of a Brazilian spreadsheet reads English (titles, sidebar errors, job
 * messages); a Brazilian in an en_US spreadsheet reads Portuguese. Formula results are shared by
 * every viewer of the cell, so they follow the spreadsheet.
 */
beforeAll(async () => {
  await buildBundle();
});

/** More rows than one 4.5-minute slice imports at 60 a minute: the job is still pending after its start. */
const LEADS = {
  Leads: [
    ['Nome', 'E-mail'],
    ...Array.from({ length: 320 }, (_, i) => [`Pessoa ${i}`, `pessoa${i}@example.com`]),
  ],
};

const cases = [
  {
    who: 'an English speaker in a pt_BR spreadsheet',
    spreadsheet: 'pt_BR',
    person: 'en',
    title: 'CRM · Settings',
    noSheet:
      'No sheet is named "Nada": a nightly import reads a sheet that exists. Pick it from the list.',
    cancelled: 'Cancelled; rows already processed keep their status.',
    formula: /^Coluna "nomee" desconhecida/,
  },
  {
    who: 'a Brazilian in an en_US spreadsheet',
    spreadsheet: 'en_US',
    person: 'pt',
    title: 'CRM · Configurações',
    noSheet:
      'Nenhuma planilha se chama "Nada": uma importação noturna lê uma planilha que existe. Escolha-a na lista.',
    cancelled: 'Cancelado; as linhas já processadas mantêm o status.',
    formula: /^Unknown column "nomee"/,
  },
] as const;

describe.each(cases)('$who', (c) => {
  it('reads sidebar titles, sidebar errors and job messages in their own language', async () => {
    const h = await createHarness({
      allowFormulas: true,
      runtime: {
        workbook: { sheets: LEADS, locale: c.spreadsheet },
        user: { email: 'colega@example.com', locale: c.person },
      },
    });
    h.runtime.runOrThrow('showSettingsSidebar');
    expect(h.runtime.ui.sidebars().at(-1)?.title).toBe(c.title);

    const refused = h.runtime.run('uiCall', 'uiSchedule', [
      { kind: 'import', sheet: 'Nada', hour: 2, options: {} },
    ]);
    expect(refused.error?.message).toBe(c.noSheet);

    const job = h.runtime.runOrThrow('crmImportLeads', {
      sheet: 'Leads',
      pipeline: 'Vendas',
      stage: 'Novo',
    }) as {
      jobId: string;
      state: string;
    };
    expect(job.state, JSON.stringify(job)).not.toBe('done');
    h.runtime.runOrThrow('crmCancelJob', job.jobId);
    const listed = h.runtime.runOrThrow('uiCall', 'crmGetJob', [job.jobId]) as {
      state: string;
      message: string;
    };
    expect(listed.state).toBe('cancelled');
    expect(listed.message).toBe(c.cancelled);
  });

  it('formula errors follow the spreadsheet (every viewer of the cell reads the same words)', async () => {
    const h = await createHarness({
      allowFormulas: true,
      runtime: {
        workbook: { sheets: LEADS, locale: c.spreadsheet },
        user: { email: 'colega@example.com', locale: c.person },
      },
    });
    const result = h.runtime.runCustomFunction('CRM_LEADS', '', 'nomee');
    expect(result.error?.message).toMatch(c.formula);
  });
});
