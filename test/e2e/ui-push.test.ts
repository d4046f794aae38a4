import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryForRuntime } from '../../scripts/playground/locale-cells';
import { PUSH_SHEET } from '../../scripts/playground/push-sheet';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';
import { sandboxApi } from './export-harness';

/**
 * The round trip in a real browser at Google's 300 px, in Portuguese (PRODUCT.md "Round trip"):
 * the playground's 'Clientes VIP' sheet was written by a real export; a person edits a value and
 * a stage, a colleague changes in the CRM a field the person also changed. CRM → Enviar
 * alterações opens on that sheet, previews (the counts, each field before → after in the
 * person's formats, the conflict with both values; nothing sent), pushes after a confirmation
 * (DONE), and a revert puts the value back. The real bundle, the real sidebar.
 */
const SIDEBAR_WIDTH = 300;
const SCREENSHOT = '/tmp/crm-playground-push-pt.png';
const SLOW = { timeout: 60_000 };

async function expectFits(sidebar: FrameLocator, state: string): Promise<void> {
  const width = await sidebar
    .locator('html')
    .evaluate((html) => Math.max(html.scrollWidth, html.ownerDocument.body.scrollWidth));
  expect(width, `${state}: scrollWidth`).toBeLessThanOrEqual(SIDEBAR_WIDTH);
}

describe.skipIf(!HAVE_CHROMIUM)(
  chromiumSuiteTitle('Push changes sidebar in pt-BR at 300 px'),
  () => {
    let playground: Playground;
    let page: Page;
    let close: (() => Promise<void>) | undefined;
    let sidebar: FrameLocator;
    /** The exported rows as the sheet shows them, header first. */
    let shown: string[][] = [];
    /** The edited rows (1-based sheet rows) and their leads. */
    let valueRow = 0;
    let stageRow = 0;
    let conflictRow = 0;
    /** The Vendas stages a lead moves in and out of freely. */
    let free: number[] = [];
    const leadOf = (row: number) =>
      playground.sandbox.state.leads.find((lead) => lead.id === Number(shown[row - 1]?.[0]));
    const column = (header: string) => (shown[0] ?? []).indexOf(header) + 1;
    /** A person typing in a cell of the exported sheet, in the spreadsheet's locale. */
    const type = (row: number, header: string, input: string) =>
      playground.runtime.workbook
        .sheet(PUSH_SHEET)
        .enter(row, column(header), entryForRuntime(input, playground.runtime.workbook.locale));
    const statusCells = () => {
      const [head = [], ...rows] = playground.runtime.workbook.sheet(PUSH_SHEET).getDisplayValues();
      const at = head.indexOf('CRM Push Status');
      return rows.map((row) => (at < 0 ? '' : (row[at] ?? '')));
    };
    /** Writes the CRM accepted. */
    const writes = () =>
      playground.sandbox.requests().filter((r) => r.method !== 'GET' && r.status < 400);

    beforeAll(async () => {
      ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-push-'));
      const workbook = playground.runtime.workbook;
      shown = workbook.sheet(PUSH_SHEET).getDisplayValues();
      const rows = shown.map((_, index) => index + 1).slice(1);
      // Leads with an e-mail (the key a push sends fields by), in the Vendas pipeline. The stage
      // moves between stages with no mandatory task (a lead cannot leave a stage whose tasks are
      // pending, so a revert out of one would be refused) that are neither won nor lost (a
      // revert never enters those again): the revert puts both rows back.
      const { stages, requiredTasks } = playground.sandbox.state;
      free = stages
        .filter((s) => s.pipeline_id === 1 && !s.is_won && !s.is_lost)
        .filter((s) => !requiredTasks.some((r) => r.stage_id === s.id))
        .map((s) => s.id);
      const keyed = rows.filter((row) => !!leadOf(row)?.email && leadOf(row)?.pipeline_id === 1);
      stageRow = keyed.find((row) => free.includes(leadOf(row)?.stage_id ?? 0)) ?? 0;
      [valueRow = 0, conflictRow = 0] = keyed.filter((row) => row !== stageRow);
      workbook.activeSheetId = workbook.sheet(PUSH_SHEET).sheetId;
    });

    afterAll(async () => {
      await close?.();
    });

    it('opens from the CRM menu on the exported sheet', async () => {
      sidebar = await openSidebar(page, 'Enviar alterações', 'CRM · Enviar alterações');
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe(PUSH_SHEET);
      expect(await sidebar.locator('#run').isDisabled()).toBe(true);
      expect(await sidebar.locator('#no-export').isVisible()).toBe(false);
      await expectFits(sidebar, 'form');
    });

    it('Prévia: the counts, each field before → after in pt-BR formats, the conflict; nothing sent', async () => {
      type(valueRow, 'Valor', '9500,5');
      const stage =
        playground.sandbox.state.stages.find(
          (s) => free.includes(s.id) && s.id !== leadOf(stageRow)?.stage_id,
        )?.name ?? '';
      expect(stage).not.toBe('');
      type(stageRow, 'Etapa', stage);
      type(conflictRow, 'Empresa', 'Padaria Planilha');
      // A colleague changes the same field in the CRM meanwhile.
      const colleague = sandboxApi(playground.sandbox, 'POST', '/leads/upsert', {
        match_by: 'email',
        email: leadOf(conflictRow)?.email,
        company: 'Padaria Colega',
      });
      expect(colleague.status).toBeLessThan(300);
      const writesBefore = writes().length;

      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#preview-result').isVisible(), SLOW).toBe(true);
      const count = (status: string) =>
        sidebar.locator(`#preview-counts [data-status="${status}"] b`).textContent();
      expect(await count('WILL_CHANGE')).toBe('2');
      expect(await count('CONFLICT')).toBe('1');
      expect(Number(await count('NO_CHANGE'))).toBe(shown.length - 1 - 3);
      expect(
        await sidebar
          .locator('#preview-counts [data-status="CONFLICT"] .status-words')
          .textContent(),
      ).toMatch(/também mudou no CRM/);
      const value = sidebar.locator(`#preview-changes li[data-row="${valueRow}"]`);
      expect(await value.locator('.row-number').textContent()).toBe(`Linha ${valueRow}`);
      expect(await value.textContent()).toMatch(/R\$\s9\.500,50/);
      expect(
        await sidebar.locator(`#preview-changes li[data-row="${stageRow}"]`).textContent(),
      ).toContain(stage);
      const conflict = sidebar.locator(`#preview-conflicts li[data-row="${conflictRow}"]`);
      expect(await conflict.textContent()).toMatch(/Padaria Colega/);
      expect(await conflict.textContent()).toMatch(/Padaria Planilha/);
      expect(await sidebar.locator('#keep-sheet-preview').textContent()).toBe(
        'Manter o da planilha e refazer a prévia',
      );
      expect(await sidebar.locator('#preview-cost').textContent()).toMatch(
        /^\d+ requisições: menos de um minuto a 60 requisições por minuto$/,
      );
      expect(writes()).toHaveLength(writesBefore);
      expect(await sidebar.locator('#run').isEnabled()).toBe(true);
      await expectFits(sidebar, 'preview');
      await page.locator('#sidebar-frame').screenshot({ path: SCREENSHOT });
    });

    it('Enviar asks first, then sends the two rows: DONE, the conflict left as the CRM has it', async () => {
      await sidebar.locator('#run').click();
      await expect.poll(() => sidebar.locator('#confirm').isVisible(), PATIENCE).toBe(true);
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        new RegExp(
          `^Enviar ao CRM as células alteradas de 2 leads de “${PUSH_SHEET}”\\? 1 linha que também mudou no CRM fica como o CRM tem\\. \\d+ requisições: .* Você pode reverter este envio depois\\.$`,
        ),
      );
      await expectFits(sidebar, 'confirm');
      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('done');
      expect(await progress.locator('[data-status="DONE"] b').textContent()).toBe('2');
      expect(await progress.locator('[data-status="CONFLICT"] b').textContent()).toBe('1');
      expect(leadOf(valueRow)?.value).toBe(9500.5);
      expect(leadOf(conflictRow)?.company).toBe('Padaria Colega');
      const statuses = statusCells();
      expect(statuses[valueRow - 2]).toBe('DONE');
      expect(statuses[stageRow - 2]).toBe('DONE');
      expect(statuses[conflictRow - 2]).toBe('CONFLICT');
      const runId = (await progress.getAttribute('data-job-id')) ?? '';
      expect(await sidebar.locator('#after').textContent()).toContain(runId);
      await expectFits(sidebar, 'done');
    });

    it('Reverter: the last push is offered; its preview, then the value goes back', async () => {
      const before = shown[valueRow - 1]?.[column('Valor') - 1];
      await sidebar.locator('#revert summary').click();
      const runId = await sidebar.locator('.progress').getAttribute('data-job-id');
      await expect.poll(() => sidebar.locator('#run-id').inputValue(), PATIENCE).toBe(runId);
      expect(await sidebar.locator('#last-run').textContent()).toBe(
        `Último envio: execução ${runId}`,
      );
      await sidebar.locator('#revert-preview').click();
      await expect.poll(() => sidebar.locator('#revert-run').isEnabled(), SLOW).toBe(true);
      expect(await sidebar.locator('#preview-title').textContent()).toBe(
        'Prévia da reversão: nada mudou ainda',
      );
      await sidebar.locator('#revert-run').click();
      expect(await sidebar.locator('#confirm-run').textContent()).toBe('Reverter agora');
      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('done');
      expect(Number(await progress.locator('[data-status="REVERTED"] b').textContent())).toBe(2);
      expect(leadOf(valueRow)?.value).not.toBe(9500.5);
      expect(before).toBeDefined();
      await expectFits(sidebar, 'revert done');
    });

    it('Manter o da planilha: the conflict is sent once the person chooses the sheet’s value', async () => {
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#preview-result').isVisible(), SLOW).toBe(true);
      const count = (status: string) =>
        sidebar.locator(`#preview-counts [data-status="${status}"] b`).textContent();
      expect(await count('CONFLICT')).toBe('1');
      expect(await sidebar.locator('#keep-sheet').isChecked()).toBe(false);
      await sidebar.locator('#keep-sheet-preview').click();
      // A new preview, made with onConflict "sheet": the conflict is now a change to send.
      await expect
        .poll(
          () => sidebar.locator('#preview-counts [data-status="WILL_CHANGE"] b').textContent(),
          SLOW,
        )
        .toBe('1');
      expect(await sidebar.locator('#keep-sheet').isChecked()).toBe(true);
      expect(await sidebar.locator('#preview-counts [data-status="CONFLICT"]').count()).toBe(0);
      expect(
        await sidebar.locator(`#preview-changes li[data-row="${conflictRow}"]`).textContent(),
      ).toMatch(/Padaria Planilha/);
      await sidebar.locator('#run').click();
      expect(await sidebar.locator('#confirm-text').textContent()).toContain(
        'O valor da planilha substitui a mudança de um colega no CRM',
      );
      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('done');
      expect(await progress.locator('[data-status="DONE"] b').textContent()).toBe('1');
      expect(leadOf(conflictRow)?.company).toBe('Padaria Planilha');
      await expectFits(sidebar, 'kept');
    });
  },
);
