/**
 * An exported lead with neither e-mail nor phone, re-imported (PRODUCT.md: a row names its lead
 * by id, else e-mail, else phone). The CRM changes a lead's fields only by upsert, whose match
 * key is an e-mail or a phone (crm-api-v1.md POST /leads/upsert; there is no PUT /leads/{id}):
 * the row cannot update it. Its detail names the lead by its ID and says what would work,
 * never "add an e-mail", which would make another lead. The real bundle against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { accountLeads, createHarness, sandboxApi } from './export-harness';

function column(values: unknown[][], header: string): unknown[] {
  const index = (values[0] ?? []).indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  return values.slice(1).map((row) => row[index]);
}

describe('re-importing an export with a lead that has neither e-mail nor phone', () => {
  it.each(['pt_BR', 'en_US'])(
    '%s: names that lead by its ID and creates no other',
    async (locale) => {
      const h = await createHarness({
        sandbox: { seed: 'empty' },
        runtime: {
          workbook: { sheets: { Planilha1: [] }, locale, timeZone: 'America/Sao_Paulo' },
        },
      });
      const leads = [
        { name: 'Ana Lima', email: 'ana@exemplo.com.br' },
        { name: 'Bruno Dias', phone: '+5511987654321' },
        { name: 'Carla Sem Contato' },
      ];
      for (const lead of leads) {
        const created = sandboxApi(h.sandbox, 'POST', '/leads', {
          ...lead,
          pipeline_id: 1,
          stage_id: 1,
        });
        expect(created.status).toBe(201);
      }
      const keyless = accountLeads(h.sandbox).find((l) => l.name === 'Carla Sem Contato');
      if (!keyless) throw new Error('no keyless lead');

      const columns = ['id', 'name', 'email', 'phone'];
      h.runtime.runOrThrow('crmExportLeads', { sheet: 'Export', columns });
      h.runtime.runUntilIdle();
      const sheet = h.runtime.sheet('Export');
      const exported = sheet.getValues();
      const at = column(exported, locale === 'pt_BR' ? 'Nome' : 'name').indexOf(
        'Carla Sem Contato',
      );
      expect(at).toBeGreaterThanOrEqual(0);
      const nameColumn = (exported[0] ?? []).indexOf(locale === 'pt_BR' ? 'Nome' : 'name');
      sheet.setValues(at + 2, nameColumn + 1, [['Carla Renomeada']]);

      const before = accountLeads(h.sandbox).length;
      const job = h.runtime.runOrThrow('crmImportLeads', { sheet: 'Export' }) as JobSummary;
      h.runtime.runUntilIdle();
      expect(h.runtime.runOrThrow('crmGetJob', job.jobId)).toMatchObject({ state: 'done' });
      const values = sheet.getValues();
      const statuses = column(values, 'CRM Import Status');
      const details = column(values, 'CRM Import Detail').map(String);
      expect(statuses.filter((s) => s === 'UPDATED' || s === 'UNCHANGED')).toHaveLength(2);
      const detail = details[at] ?? '';
      expect(detail).toContain(String(keyless.id));
      expect(detail).toMatch(
        locale === 'pt_BR' ? /criaria outro lead/ : /would create another lead/,
      );
      expect(accountLeads(h.sandbox)).toHaveLength(before);
      // Nothing was sent for it: the CRM keeps its name, and no other lead took the new one.
      expect(accountLeads(h.sandbox).find((l) => l.id === keyless.id)?.name).toBe(
        'Carla Sem Contato',
      );
      expect(accountLeads(h.sandbox).some((l) => l.name === 'Carla Renomeada')).toBe(false);
    },
  );
});
