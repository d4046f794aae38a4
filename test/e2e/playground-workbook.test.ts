import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formulaLocaleOf, parseFormula } from '../../scripts/playground/formula';
import { displayInLocale, entryForRuntime } from '../../scripts/playground/locale-cells';
import type { Playground } from '../../scripts/playground/server';
import { PLAYGROUND_WORDS } from '../../scripts/playground/words';
import { parseTsv } from '../../scripts/playground/workbook-edits';
import {
  addSlowImportSheet,
  chromiumSuiteTitle,
  gridCellText,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';

/**
 * Issue 18.4, 18.6, 18.9 and 18.10: the playground as a place to try things. A Brazilian pastes
 * rows copied from another sheet, adds and renames a sheet, types formulas and values the pt_BR
 * way and reads them back that way, switches their own language, and the sidebars pick the
 * sheet on screen.
 */
describe('the playground in a pt_BR spreadsheet: parsing and showing', () => {
  const pt = formulaLocaleOf('pt_BR');

  it('reads ; separators, decimal commas and VERDADEIRO/FALSO (it said "Formula parse error")', () => {
    expect(parseFormula('=CRM_LEADS("";"id,name";10)', pt)).toEqual({
      kind: 'call',
      name: 'CRM_LEADS',
      args: [
        { kind: 'literal', value: '' },
        { kind: 'literal', value: 'id,name' },
        { kind: 'literal', value: 10 },
      ],
    });
    expect(parseFormula('=CRM_X(1,5; VERDADEIRO; falso)', pt)).toMatchObject({
      args: [{ value: 1.5 }, { value: true }, { value: false }],
    });
    // Typed the English way, with no ; at all, it still reads.
    expect(parseFormula('=CRM_LEADS("", "id", 2)', pt)).toMatchObject({
      args: [{}, {}, { value: 2 }],
    });
    expect(() => parseFormula('=CRM_X(1;2)')).toThrow('Formula parse error.');
  });

  it('takes 1.234,56, 25/11/2026 and VERDADEIRO as typed in pt_BR', () => {
    expect(entryForRuntime('1.234,56', 'pt_BR')).toBe('1234.56');
    expect(entryForRuntime('R$ 10,5', 'pt_BR')).toBe('10.5');
    expect(entryForRuntime('25/11/2026', 'pt_BR')).toBe('2026-11-25');
    expect(entryForRuntime('25/11/2026 14:05', 'pt_BR')).toBe('2026-11-25 14:05:00');
    expect(entryForRuntime('verdadeiro', 'pt_BR')).toBe('TRUE');
    expect(entryForRuntime('=CRM_X(1,5)', 'pt_BR')).toBe('=CRM_X(1,5)');
    expect(entryForRuntime('25/11/2026', 'en_US')).toBe('25/11/2026');
  });

  it('shows numbers, dates and booleans as pt_BR writes them (the grid showed 11/25/2026, 1234.56, TRUE)', () => {
    const zone = 'America/Sao_Paulo';
    const midnight = Date.parse('2026-11-25T03:00:00Z');
    expect(displayInLocale({ value: 1234.56 }, zone, 'pt_BR')).toBe('1234,56');
    expect(displayInLocale({ value: 1234.5, format: '#,##0.00' }, zone, 'pt_BR')).toBe('1.234,50');
    expect(displayInLocale({ value: true }, zone, 'pt_BR')).toBe('VERDADEIRO');
    expect(displayInLocale({ value: { date: midnight } }, zone, 'pt_BR')).toBe('25/11/2026');
    expect(displayInLocale({ value: { date: midnight }, format: 'M/d/yyyy' }, zone, 'pt_BR')).toBe(
      '25/11/2026',
    );
    expect(displayInLocale({ value: { date: midnight } }, zone, 'en_US')).toBe('11/25/2026');
    expect(displayInLocale({ value: true }, zone, 'en_US')).toBe('TRUE');
  });

  it('reads a tab-separated block as Sheets copies it, quoted cells included', () => {
    expect(
      parseTsv('Nome\tTelefone\nAna\t(11) 98765-4321\n"Bia\tB"\t"linha 1\nlinha 2"\n'),
    ).toEqual([
      ['Nome', 'Telefone'],
      ['Ana', '(11) 98765-4321'],
      ['Bia\tB', 'linha 1\nlinha 2'],
    ]);
  });
});

describe.skipIf(!HAVE_CHROMIUM)(
  chromiumSuiteTitle('the playground as a place to try things'),
  () => {
    let playground: Playground;
    let page: Page;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-workbook-'));
    });
    afterAll(async () => {
      await close?.();
    });

    const BLOCK =
      'Nome\tTelefone\tValor\tAniversário\tVIP\nAna Paula\t(11) 98765-4321\t1.234,56\t25/11/1990\tVERDADEIRO\n';

    it('adds a sheet with +, renames it by double-click, and pastes rows copied from another sheet', async () => {
      await expect.poll(() => page.locator('#add-sheet').count(), PATIENCE).toBe(1);
      await page.locator('#add-sheet').click();
      const added = page.locator('#tabs .tab.active');
      await expect.poll(() => added.textContent(), PATIENCE).toMatch(/^Sheet\d+$/);
      await added.dblclick();
      await page.locator('input.tab-rename').fill('Coladas');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('#tabs .tab.active').textContent(), PATIENCE)
        .toBe('Coladas');
      await page.locator('table.grid[data-sheet="Coladas"] td[data-a1="A1"]').click();
      // A paste event as the browser fires it for Ctrl+V (the clipboard itself is the OS's).
      await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', ${JSON.stringify(BLOCK)});
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    })()`);
      await expect.poll(() => gridCellText(page, 'Coladas', 'A2'), PATIENCE).toBe('Ana Paula');
      // Stored as values by pt_BR's rules, shown as pt_BR writes them.
      expect(playground.runtime.sheet('Coladas').getValues()[1]?.[2]).toBe(1234.56);
      expect(await gridCellText(page, 'Coladas', 'C2')).toBe('1234,56');
      expect(await gridCellText(page, 'Coladas', 'D2')).toBe('25/11/1990');
      expect(await gridCellText(page, 'Coladas', 'E2')).toBe('VERDADEIRO');
    });

    it('a formula typed the Brazilian way computes (; separators, Portuguese column names)', async () => {
      await page.locator('table.grid[data-sheet="Coladas"] td[data-a1="G1"]').click();
      await page.keyboard.type('=CRM_LEADS("";"nome,etapa";2)');
      await page.keyboard.press('Enter');
      await expect.poll(() => gridCellText(page, 'Coladas', 'G1'), PATIENCE).toBe('Nome');
      expect(await gridCellText(page, 'Coladas', 'H1')).toBe('Etapa');
    });

    it('Import and Send pick the sheet on screen (they preselected another sheet before)', async () => {
      const sidebar = await openSidebar(page, 'Importar leads', 'CRM · Importar leads');
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe('Coladas');
      await page.locator('#tabs .tab[data-sheet="Envios"]').click();
      const send = await openSidebar(page, 'Enviar template', 'CRM · Enviar template');
      await expect.poll(() => send.locator('#sheet').inputValue(), PATIENCE).toBe('Envios');
    });

    it("switching the person's language changes the menu and the sidebars, not the spreadsheet", async () => {
      await page.locator('#language').selectOption('en');
      await expect
        .poll(() => page.locator('nav button[data-menu]').first().textContent(), PATIENCE)
        .toBe('Settings');
      const sidebar = await openSidebar(page, 'Import leads', 'CRM · Import leads');
      await expect.poll(() => sidebar.locator('h1').textContent(), PATIENCE).toBe('Import leads');
      // The spreadsheet is still pt_BR: its values keep their Brazilian look.
      await page.locator('#tabs .tab[data-sheet="Coladas"]').click();
      await expect.poll(() => gridCellText(page, 'Coladas', 'C2'), PATIENCE).toBe('1234,56');
      await page.locator('#language').selectOption('pt');
      await expect
        .poll(() => page.locator('nav button[data-menu]').first().textContent(), PATIENCE)
        .toBe('Configurações');
    });

    it('says how a job left by a closed sidebar goes on, and Fire next trigger moves it', async () => {
      // The person chose Português above: the playground's own words follow that choice.
      expect(await page.locator('footer .note-line').textContent()).toContain(
        PLAYGROUND_WORDS.pt.triggersNote,
      );
      // An import bigger than one 4.5-minute slice, started with no sidebar to drive it.
      addSlowImportSheet(playground, 'Noite', 330);
      const started = playground.runtime.run('crmImportLeads', {
        sheet: 'Noite',
        pipeline: 'Vendas',
        stage: 'Novo',
      }).value as { jobId: string; state: string };
      expect(started.state).not.toBe('done');
      const state = () =>
        (playground.runtime.run('crmGetJob', started.jobId).value as { state: string }).state;
      await expect
        .poll(() => page.locator('#triggers').textContent(), PATIENCE)
        .toMatch(/acionador\(es\) aguardando; o próximo dispara às/);
      for (let i = 0; i < 6 && state() !== 'done'; i++) {
        await page.locator('#run-triggers').click();
        await page.waitForTimeout(300);
      }
      await expect.poll(state, { timeout: 60_000 }).toBe('done');
      await expect
        .poll(() => page.locator('#executions').textContent(), PATIENCE)
        .toMatch(/crmRunJobs/);
    });
  },
);
