import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS_HEADERS,
  ACTIONS_MISSING_ID,
  ACTIONS_SHEET,
  actionsSheetRows,
} from '../../scripts/playground/demo-workbook';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';

/**
 * The Lead actions sidebar in a real browser at Google's 300 px, over the playground's 'Ações'
 * sheet (demo leads by CRM Lead ID, and one id the CRM does not have): pick an action and its
 * parameters, preview (nothing changes in the CRM), run after a confirmation, revert the run;
 * a delete only after the exact count is typed. In English, then in Portuguese.
 */
const SIDEBAR_WIDTH = 300;
const SCREENSHOT = '/tmp/crm-playground-actions-preview.png';
const PT_SCREENSHOT = '/tmp/crm-playground-actions-pt.png';
const TARGET_STAGE = 'Negociação';
const SLOW = { timeout: 30_000 };
/** A sheet of every generated demo lead, for a run longer than one slice. */
const LONG_SHEET = 'Todos';

/** The sheet rows (1-based) and their lead ids, as the playground writes them. */
const ROWS = actionsSheetRows().map((values, index) => ({
  row: index + 2,
  leadId: values[4],
  stage: values[1],
}));

/** The sidebar's content is no wider than its 300 px frame: nothing to scroll sideways. */
async function expectFits(sidebar: FrameLocator, state: string): Promise<void> {
  const width = await sidebar
    .locator('html')
    .evaluate((html) => Math.max(html.scrollWidth, html.ownerDocument.body.scrollWidth));
  expect(width, `${state}: scrollWidth`).toBeLessThanOrEqual(SIDEBAR_WIDTH);
}

/** Makes 'Ações' the active sheet, as a person who clicked its tab before opening the sidebar. */
function activateActionsSheet(playground: Playground): void {
  const workbook = playground.runtime.workbook;
  workbook.activeSheetId = workbook.sheet(ACTIONS_SHEET).sheetId;
}

/** A column of the 'Ações' sheet by its header, one value per data row. */
function sheetColumn(playground: Playground, header: string): string[] {
  const [head = [], ...rows] = playground.runtime.workbook.sheet(ACTIONS_SHEET).getDisplayValues();
  const index = head.indexOf(header);
  return index < 0 ? [] : rows.map((row) => row[index] ?? '');
}

describe.skipIf(!HAVE_CHROMIUM)(
  chromiumSuiteTitle('Lead actions sidebar in English at 300 px'),
  () => {
    let playground: Playground;
    let page: Page;
    let close: (() => Promise<void>) | undefined;
    let sidebar: FrameLocator;
    /** The stage move's run id on 'Ações', and the long run's on its own sheet. */
    let stageRunId = '';
    let longRunId = '';

    beforeAll(async () => {
      ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-actions-', {
        locale: 'en_US',
      }));
    });

    afterAll(async () => {
      await close?.();
    });

    const stageOf = (leadId: number) =>
      playground.sandbox.state.leads.find((lead) => lead.id === leadId)?.stage_id;
    const stageId = (name: string) =>
      playground.sandbox.state.stages.find((s) => s.name === name && s.pipeline_id === 1)?.id;
    /** Writes the CRM accepted (the job's scope check before any row writes to no lead: a 404). */
    const writes = () =>
      playground.sandbox
        .requests()
        .filter((r) => r.method !== 'GET' && /\/leads\/\d+/.test(r.path) && r.status < 400);
    /** Leads whose current stage has a mandatory task pending: a move out of it is BLOCKED. */
    const blockedLeads = () =>
      ROWS.filter(({ leadId }) => {
        const lead = playground.sandbox.state.leads.find((l) => l.id === leadId);
        return playground.sandbox.state.tasks.some(
          (task) =>
            task.lead_id === leadId &&
            task.is_required &&
            task.status === 'pending' &&
            task.stage_id === lead?.stage_id,
        );
      });

    it('opens from the CRM menu on the active sheet, its lead id column, and the CRM’s stages', async () => {
      activateActionsSheet(playground);
      sidebar = await openSidebar(page, 'Lead actions', 'CRM · Lead actions');
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe(ACTIONS_SHEET);
      await expect
        .poll(() => sidebar.locator('#lead').inputValue(), PATIENCE)
        .toBe('column:CRM Lead ID');
      expect(await sidebar.locator('#action option').allTextContents()).toEqual([
        '— pick an action —',
        'Move to a stage',
        'Mark as won',
        'Mark as lost',
        'Add tags',
        'Remove tags',
        'Enroll in a sequence',
        'Remove from a sequence',
        'Send a text message',
        'Delete the leads',
      ]);
      await sidebar.locator('#action').selectOption('stage');
      expect(await sidebar.locator('#action-hint').textContent()).toMatch(/BLOCKED/);
      // The CRM's lists arrive with the setup call: the stages, grouped by pipeline.
      await expect
        .poll(
          () => sidebar.locator('#param-stage optgroup').first().getAttribute('label'),
          PATIENCE,
        )
        .toBe('Vendas');
      expect(await sidebar.locator('#param-pipeline').inputValue()).toBe('default');
      // A parameter may come from a column of the sheet, never from a CRM Action column.
      const columns = await sidebar
        .locator('#param-stage optgroup[label="From a column, row by row"] option')
        .allTextContents();
      expect(columns).toEqual(ACTIONS_HEADERS.map((h) => `Column: ${h}`));
      await expectFits(sidebar, 'form');
    });

    it('Preview with no stage picked says what to pick, and Run waits for a preview', async () => {
      expect(await sidebar.locator('#run').isDisabled()).toBe(true);
      await sidebar.locator('#preview').click();
      await expect
        .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
        .toBe('Pick a value for “Stage”.');
      expect(writes()).toHaveLength(0);
    });

    it('Preview: each row’s before → after, what will not change and why, the cost; the CRM is untouched', async () => {
      await sidebar.locator('#param-stage').selectOption(`list:${TARGET_STAGE}`);
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#preview-result').isVisible(), SLOW).toBe(true);
      const count = (status: string) =>
        sidebar.locator(`#preview-counts [data-status="${status}"] b`).textContent();
      const already = ROWS.filter((r) => r.stage === TARGET_STAGE);
      // A lead whose stage has a mandatory task pending will not move: the preview says so.
      const blocked = blockedLeads();
      expect(blocked.length).toBeGreaterThan(0);
      expect(await count('NOT_FOUND')).toBe('1');
      expect(await count('NO_CHANGE')).toBe(String(already.length));
      expect(await count('WILL_FAIL')).toBe(String(blocked.length));
      expect(await count('WILL_CHANGE')).toBe(
        String(ROWS.length - already.length - 1 - blocked.length),
      );
      for (const { row } of blocked) {
        expect(
          await sidebar.locator(`#preview-problems li[data-row="${row}"]`).textContent(),
        ).toMatch(/WILL_FAIL.*mandatory tasks still pending/);
      }
      const first = ROWS[0];
      const firstLine = sidebar.locator(`#preview-changes li[data-row="${first?.row}"]`);
      expect(await firstLine.locator('.row-number').textContent()).toBe(`Row ${first?.row}`);
      expect(await firstLine.textContent()).toMatch(
        new RegExp(`${first?.stage} → ${TARGET_STAGE}$`),
      );
      const missing = ROWS.find((r) => r.leadId === ACTIONS_MISSING_ID);
      expect(
        await sidebar.locator(`#preview-problems li[data-row="${missing?.row}"]`).textContent(),
      ).toMatch(/NOT_FOUND/);
      expect(await sidebar.locator('#preview-cost').textContent()).toMatch(
        /^\d+ requests: under a minute at 60 requests a minute$/,
      );
      // Nothing changed in the CRM: no write request, and the first lead is where it was.
      expect(writes()).toHaveLength(0);
      expect(stageOf(Number(first?.leadId))).toBe(stageId(first?.stage ?? ''));
      expect(await sidebar.locator('#run').isEnabled()).toBe(true);
      await expectFits(sidebar, 'preview');
      await page.locator('#sidebar-frame').screenshot({ path: SCREENSHOT });
    });

    it('a change to the form makes the preview stale: Run needs a new one', async () => {
      await sidebar.locator('#param-stage').selectOption('list:Proposta');
      expect(await sidebar.locator('#preview-result').isVisible()).toBe(false);
      expect(await sidebar.locator('#run').isDisabled()).toBe(true);
      await sidebar.locator('#param-stage').selectOption(`list:${TARGET_STAGE}`);
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#run').isEnabled(), SLOW).toBe(true);
    });

    it('Run asks first, then moves the leads: DONE with the run id, BLOCKED where tasks are pending', async () => {
      const blocked = blockedLeads();
      await sidebar.locator('#run').click();
      await expect.poll(() => sidebar.locator('#confirm').isVisible(), PATIENCE).toBe(true);
      const changing =
        ROWS.length - ROWS.filter((r) => r.stage === TARGET_STAGE).length - 1 - blocked.length;
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        new RegExp(
          `^Move ${changing} leads of “${ACTIONS_SHEET}” to the new stage\\? ${1 + blocked.length} rows will not change \\(see the preview\\)\\. \\d+ requests: under a minute at 60 requests a minute\\. Revert can put each lead back in its stage\\.$`,
        ),
      );
      expect(writes()).toHaveLength(0);
      await expectFits(sidebar, 'confirm');

      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('done');
      const runId = (await progress.getAttribute('data-job-id')) ?? '';
      stageRunId = runId;
      expect(await progress.locator('[data-status="DONE"] b').textContent()).toBe(String(changing));
      expect(await progress.locator('[data-status="BLOCKED"] b').textContent()).toBe(
        String(blocked.length),
      );
      const after = (await sidebar.locator('#after').textContent()) ?? '';
      expect(after).toMatch(/BLOCKED: their stage has mandatory tasks pending/);
      expect(after).toContain(`it reverts run ${runId}`);
      const statuses = sheetColumn(playground, 'CRM Action Status');
      const runs = sheetColumn(playground, 'CRM Action Run');
      for (const { row } of blocked) expect(statuses[row - 2], `row ${row}`).toBe('BLOCKED');
      expect(new Set(runs)).toEqual(new Set([runId]));
      expect(stageOf(Number(ROWS[0]?.leadId))).toBe(stageId(TARGET_STAGE));
      await expectFits(sidebar, 'run done');
    });

    it('Revert: the last run is offered; its preview, then the leads go back', async () => {
      const first = ROWS[0];
      await sidebar.locator('#revert summary').click();
      const runId = await sidebar.locator('.progress').getAttribute('data-job-id');
      await expect.poll(() => sidebar.locator('#run-id').inputValue(), PATIENCE).toBe(runId);
      expect(await sidebar.locator('#last-run').textContent()).toBe(
        `Last run: Move to a stage (run ${runId})`,
      );
      const writesBefore = writes().length;
      await sidebar.locator('#revert-preview').click();
      await expect
        .poll(() => sidebar.locator('#preview-title').textContent(), SLOW)
        .toBe('Revert preview: nothing has changed yet');
      await expect.poll(() => sidebar.locator('#revert-run').isEnabled(), SLOW).toBe(true);
      expect(
        await sidebar.locator('#preview-counts [data-status="WILL_CHANGE"]').textContent(),
      ).toMatch(/^\d+ WILL_CHANGE: will be put back as they were before the run$/);
      expect(writes()).toHaveLength(writesBefore);
      await sidebar.locator('#revert-run').click();
      expect(await sidebar.locator('#confirm-run').textContent()).toBe('Revert now');
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        /^Put \d+ leads back as they were before the run\?.* Everything this run changed can be put back\.$/,
      );
      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('done');
      expect(
        Number(await progress.locator('[data-status="REVERTED"] b').textContent()),
      ).toBeGreaterThan(0);
      expect(stageOf(Number(first?.leadId))).toBe(stageId(first?.stage ?? ''));
      await expectFits(sidebar, 'revert done');
    });

    it('a long run: the sidebar drives it slice after slice, pauses, resumes, and then tells what needs a person', async () => {
      // Every generated demo lead by id: more writes than one 4.5-minute slice sends at 60 a minute.
      const ids = playground.sandbox.state.leads
        .filter((lead) => lead.account_id === 1 && lead.id > 20)
        .map((lead) => lead.id);
      expect(ids.length).toBeGreaterThan(270);
      const long = playground.runtime.workbook.addSheet(LONG_SHEET);
      long.setValues(1, 1, [['CRM Lead ID'], ...ids.map((id) => [id])]);
      // The sidebar lists the sheets when it opens: open it again on the new, active sheet.
      playground.runtime.workbook.activeSheetId = long.sheetId;
      sidebar = await openSidebar(page, 'Lead actions', 'CRM · Lead actions');
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe(LONG_SHEET);
      await expect
        .poll(() => sidebar.locator('#lead').inputValue(), PATIENCE)
        .toBe('column:CRM Lead ID');
      await sidebar.locator('#action').selectOption('addTags');
      await sidebar.locator('#param-tags').selectOption('fixed');
      await sidebar.locator('#param-tags-text').fill('lote-2026');
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#run').isEnabled(), SLOW).toBe(true);
      expect(await sidebar.locator('#preview-cost').textContent()).toMatch(
        /^\d+ requests: about \d min/,
      );
      // In simulated time a slice takes well under a second of wall time; hold the sidebar's
      // uiContinueJob calls, as a real 4.5-minute execution would, so that Pause lands mid-run.
      let releaseSlices = () => {};
      const slicesHeld = new Promise<void>((resolve) => {
        releaseSlices = resolve;
      });
      await page.route('**/run', async (route) => {
        const call = route.request().postDataJSON() as { fn?: string; args?: unknown[] };
        if (call.fn === 'uiCall' && call.args?.[0] === 'uiContinueJob') await slicesHeld;
        await route.continue();
      });
      await sidebar.locator('#run').click();
      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      // The run's start answers before any request leaves (the sidebar drives every slice), so
      // Pause shows at once; the wait is for a loaded CI machine.
      await progress.locator('button.pause').waitFor({ state: 'visible', timeout: 60_000 });
      await progress.locator('button.pause').click();
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('paused');
      releaseSlices();
      // Paused is not the end: nothing is said about the rows yet.
      expect(await sidebar.locator('#after').isVisible()).toBe(false);
      expect(await progress.locator('.progress-state').textContent()).toBe('Paused');
      await page.unroute('**/run');
      await progress.locator('button.resume').click();
      // Between slices the sidebar waits, in wall time, for the CRM's minute (up to 60 s each).
      await expect
        .poll(() => progress.getAttribute('data-state'), { timeout: 300_000 })
        .toBe('done');
      await expect
        .poll(() => sidebar.locator('#after').textContent(), PATIENCE)
        .toMatch(/it reverts run job-/);
      const tagged = playground.sandbox.state.leads.filter((l) => l.tags?.includes('lote-2026'));
      expect(tagged).toHaveLength(ids.length);
      longRunId = (await progress.getAttribute('data-job-id')) ?? '';
      await expect.poll(() => sidebar.locator('#run-id').inputValue(), PATIENCE).toBe(longRunId);
    }, 480_000);

    it('Delete runs only once the exact number of leads is typed', async () => {
      // A sheet without a run offers none to revert, not the last sheet's.
      await sidebar.locator('#sheet').selectOption('Leads');
      await expect
        .poll(() => sidebar.locator('#last-run').textContent(), PATIENCE)
        .toBe('No run on this sheet yet.');
      expect(await sidebar.locator('#run-id').inputValue()).toBe('');
      await sidebar.locator('#sheet').selectOption(ACTIONS_SHEET);
      await expect
        .poll(() => sidebar.locator('#lead').inputValue(), PATIENCE)
        .toBe('column:CRM Lead ID');
      // Revert offers this sheet's last run, not the other sheet's.
      await expect.poll(() => sidebar.locator('#run-id').inputValue(), PATIENCE).toBe(stageRunId);
      await sidebar.locator('#action').selectOption('delete');
      expect(await sidebar.locator('#params').textContent()).toBe('');
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#run').isEnabled(), SLOW).toBe(true);
      // The count to type is the number of leads the preview found (the missing id is not one).
      const leads = ROWS.length - 1;
      await sidebar.locator('#run').click();
      expect(await sidebar.locator('#delete-count-label').textContent()).toBe(
        `To delete, type the number of leads: ${leads}`,
      );
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        /This cannot be undone: a deleted lead is only in the CRM Backup sheet/,
      );
      expect(await sidebar.locator('#confirm-run').isDisabled()).toBe(true);
      await sidebar.locator('#delete-count').fill(String(leads - 1));
      expect(await sidebar.locator('#confirm-run').isDisabled()).toBe(true);
      expect(await sidebar.locator('#delete-count-wrong').textContent()).toBe(
        `Type exactly ${leads}, the number of leads to delete.`,
      );
      const deletes = () =>
        playground.sandbox
          .requests()
          .filter((r) => r.method === 'DELETE' && /\/leads\/\d+$/.test(r.path));
      expect(deletes()).toHaveLength(0);
      await sidebar.locator('#delete-count').fill(String(leads));
      expect(await sidebar.locator('#confirm-run').isEnabled()).toBe(true);
      await expectFits(sidebar, 'delete confirm');
      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('done');
      // The run's counts are the confirmation's (PRODUCT.md "A delete deletes what was
      // counted"): the missing id's row, never a lead, is NOT_FOUND, not "already gone".
      expect(await progress.locator('[data-status="DONE"] b').textContent()).toBe(String(leads));
      expect(await progress.locator('[data-status="NOT_FOUND"] b').textContent()).toBe('1');
      expect(playground.sandbox.state.leads.some((l) => l.id === ROWS[0]?.leadId)).toBe(false);
      // One DELETE per lead at most: never twice.
      const paths = deletes().map((r) => r.path);
      expect(new Set(paths).size).toBe(paths.length);
      expect(playground.runtime.workbook.sheets.some((s) => s.name.startsWith('CRM Backup'))).toBe(
        true,
      );
    });
  },
);

describe.skipIf(!HAVE_CHROMIUM)(
  chromiumSuiteTitle('Lead actions sidebar in pt-BR at 300 px'),
  () => {
    let playground: Playground;
    let page: Page;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-actions-pt-'));
    });

    afterAll(async () => {
      await close?.();
    });

    it('a message with a {{Nome}} placeholder: form, preview and confirmation in Portuguese', async () => {
      activateActionsSheet(playground);
      const sidebar = await openSidebar(page, 'Ações em leads', 'CRM · Ações em leads');
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe(ACTIONS_SHEET);
      expect(await sidebar.locator('html').getAttribute('lang')).toBe('pt-BR');
      await sidebar.locator('#action').selectOption('message');
      expect(await sidebar.locator('label[for="param-text"]').textContent()).toBe('Mensagem');
      await expect
        .poll(() => sidebar.locator('#param-instanceId option').first().textContent(), PATIENCE)
        .toBe('O número principal');
      await expectFits(sidebar, 'message form');

      await sidebar.locator('#preview').click();
      await expect
        .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
        .toBe('Escreva a mensagem.');
      await sidebar.locator('#param-text').fill('Olá ');
      await sidebar.locator('.chips button[data-header="Nome"]').click();
      await sidebar.locator('#param-text').press('End');
      await sidebar.locator('#param-text').pressSequentially(', temos novidades!');
      expect(await sidebar.locator('#param-text').inputValue()).toBe(
        'Olá {{Nome}}, temos novidades!',
      );
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#preview-result').isVisible(), SLOW).toBe(true);
      expect(await sidebar.locator('#preview-title').textContent()).toBe(
        'Prévia: nada mudou ainda',
      );
      expect(await sidebar.locator('#preview-counts [data-status="NOT_FOUND"]').textContent()).toBe(
        '1 NOT_FOUND: não têm lead no CRM',
      );
      expect(await sidebar.locator('#preview-cost').textContent()).toMatch(
        /^\d+ requisições: menos de um minuto a 60 requisições por minuto$/,
      );
      await expectFits(sidebar, 'message preview');
      await sidebar.locator('#run').click();
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        /^Enviar a mensagem para \d+ leads de “Ações”\?.*Isso não se desfaz: uma mensagem enviada não pode ser recolhida\.$/,
      );
      expect(await sidebar.locator('#confirm-back').textContent()).toBe('Voltar');
      await expectFits(sidebar, 'message confirm');
      await page.locator('#sidebar-frame').screenshot({ path: PT_SCREENSHOT });
      // Nothing was sent: the preview reads, the confirmation waits.
      expect(
        playground.sandbox
          .requests()
          .filter((r) => r.method === 'POST' && r.path.endsWith('/send-chatapp') && r.status < 400),
      ).toHaveLength(0);
    });

    it('mark as won with the value from a column; Revert says the sale record stays', async () => {
      const sidebar = page.frameLocator('#sidebar-frame');
      await sidebar.locator('#confirm-back').click();
      await sidebar.locator('#action').selectOption('won');
      await sidebar.locator('#param-value').selectOption('column:Valor');
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#run').isEnabled(), SLOW).toBe(true);
      await sidebar.locator('#run').click();
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        /Reverter pode devolver cada lead à sua etapa, mas o registro de venda fica no CRM\.$/,
      );
      await sidebar.locator('#confirm-run').click();
      const progress = sidebar.locator('.progress');
      await expect.poll(() => progress.getAttribute('data-state'), SLOW).toBe('done');
      expect(await progress.locator('.progress-state').textContent()).toBe('Concluído');
      await sidebar.locator('#revert summary').click();
      await sidebar.locator('#revert-preview').click();
      await expect.poll(() => sidebar.locator('#revert-run').isEnabled(), SLOW).toBe(true);
      await sidebar.locator('#revert-run').click();
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        /^Devolver \d+ leads ao que eram antes da execução\?.* Os registros de venda ficam no CRM: reverter move os leads de volta, não apaga uma venda\.$/,
      );
      await expectFits(sidebar, 'revert confirm');
    });

    it('delete in Portuguese: the count to type, and a wrong count said plainly', async () => {
      const sidebar = page.frameLocator('#sidebar-frame');
      await sidebar.locator('#confirm-back').click();
      await sidebar.locator('#action').selectOption('delete');
      expect(await sidebar.locator('#action-hint').textContent()).toMatch(/CRM Backup/);
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#run').isEnabled(), SLOW).toBe(true);
      await sidebar.locator('#run').click();
      const label = (await sidebar.locator('#delete-count-label').textContent()) ?? '';
      expect(label).toMatch(/^Para excluir, digite o número de leads: \d+$/);
      const count = Number(label.split(': ')[1]);
      expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
        new RegExp(`^Excluir do CRM ${count} leads de “Ações”\\?`),
      );
      await sidebar.locator('#delete-count').fill(String(count + 1));
      expect(await sidebar.locator('#delete-count-wrong').textContent()).toBe(
        `Digite exatamente ${count}, o número de leads a excluir.`,
      );
      expect(await sidebar.locator('#confirm-run').isDisabled()).toBe(true);
      await expectFits(sidebar, 'delete confirm (pt)');
      await sidebar.locator('#confirm-back').click();
      const deletes = playground.sandbox
        .requests()
        .filter((r) => r.method === 'DELETE' && /\/leads\/\d+$/.test(r.path));
      expect(deletes).toHaveLength(0);
    });
  },
);
