import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';

/**
 * Issue 18.1: nightly runs without code. The Import and Export sidebars offer "every night at …"
 * for their current settings; Jobs lists each run with its next start, its last result and a
 * way to stop it. In real Chromium at Google's 300 px, in both languages.
 */
const SIDEBAR_WIDTH = 300;

const LANGUAGES = [
  {
    name: 'pt-BR',
    locale: undefined,
    menu: { import: 'Importar leads', export: 'Exportar leads', jobs: 'Processos' },
    titles: {
      import: 'CRM · Importar leads',
      export: 'CRM · Exportar leads',
      jobs: 'CRM · Processos',
    },
    hour: '02:00',
    legend: 'Toda noite',
    saved: 'Agendado: "Leads" toda noite às 02:00. Processos mostra o agendamento.',
    current: 'Agendado: toda noite às 02:00.',
    every: 'Toda noite às 02:00',
    never: 'Ainda não rodou.',
    next: /^Próxima execução: (hoje|amanhã) às 02:00$|^Próxima execução: dentro de uma hora$/,
    // Just saved: the next 02:00, never the hour under way (issue 29.3).
    nextAfterSave: /^Próxima execução: (hoje|amanhã) às 02:00$/,
    who: 'Roda com a sua chave do CRM.',
    kinds: ['Importação', 'Exportação'],
    stopped: 'A execução noturna de "Leads" foi parada.',
    none: 'Nenhuma execução noturna. Agende uma em Importar leads ou Exportar leads.',
  },
  {
    name: 'en',
    locale: 'en_US',
    menu: { import: 'Import leads', export: 'Export leads', jobs: 'Jobs' },
    titles: { import: 'CRM · Import leads', export: 'CRM · Export leads', jobs: 'CRM · Jobs' },
    hour: '2:00 AM',
    legend: 'Every night',
    saved: 'Scheduled: "Leads" every night at 2:00 AM. Jobs lists it.',
    current: 'Scheduled: every night at 2:00 AM.',
    every: 'Every night at 2:00 AM',
    never: 'Not run yet.',
    next: /^Next run: (today|tomorrow) at 2:00 AM$|^Next run: within the hour$/,
    nextAfterSave: /^Next run: (today|tomorrow) at 2:00 AM$/,
    who: 'Runs with your CRM key.',
    kinds: ['Import', 'Export'],
    stopped: 'The nightly run of "Leads" is stopped.',
    none: 'No nightly runs. Schedule one from Import leads or Export leads.',
  },
] as const;

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('nightly runs from the sidebars'), () => {
  describe.each(LANGUAGES)('in $name', (lang) => {
    let playground: Playground;
    let page: Page;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-schedules-', {
        ...(lang.locale ? { locale: lang.locale } : {}),
      }));
    });

    afterAll(async () => {
      await close?.();
    });

    async function expectFits(sidebar: FrameLocator, state: string): Promise<void> {
      const width = await sidebar
        .locator('html')
        .evaluate((html) => Math.max(html.scrollWidth, html.ownerDocument.body.scrollWidth));
      expect(width, `${state}: scrollWidth`).toBeLessThanOrEqual(SIDEBAR_WIDTH);
    }

    it('Import schedules its sheet every night at the chosen hour', async () => {
      const sidebar = await openSidebar(page, lang.menu.import, lang.titles.import);
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe('Leads');
      expect(await sidebar.locator('fieldset.schedule legend').textContent()).toBe(lang.legend);
      expect(await sidebar.locator('#schedule-hour option:checked').textContent()).toBe(lang.hour);
      await expectFits(sidebar, 'Import with its schedule control');
      await sidebar.locator('#schedule-save').click();
      await expect
        .poll(() => sidebar.locator('#schedule-status').textContent(), PATIENCE)
        .toBe(lang.saved);
      expect(await sidebar.locator('#schedule-current').textContent()).toBe(lang.current);
      expect(await sidebar.locator('#schedule-next').textContent()).toMatch(lang.nextAfterSave);
      expect(playground.runtime.triggers().some((t) => t.handler === 'crmRunJobs')).toBe(true);
      await expectFits(sidebar, 'Import scheduled');
    });

    it('Export schedules its current filters for its sheet', async () => {
      const sidebar = await openSidebar(page, lang.menu.export, lang.titles.export);
      await expect
        .poll(() => sidebar.locator('fieldset.schedule legend').textContent(), PATIENCE)
        .toBe(lang.legend);
      await sidebar.locator('#sheet').fill('Noturna');
      await expect

        .poll(() => sidebar.locator('#f-pipeline option[value="Vendas"]').count(), PATIENCE)

        .toBe(1);
      await sidebar.locator('#f-pipeline').selectOption('Vendas');
      await sidebar.locator('#schedule-hour').selectOption('3');
      await sidebar.locator('#schedule-save').click();
      await expect
        .poll(() => sidebar.locator('#schedule-current').isVisible(), PATIENCE)
        .toBe(true);
      const saved = playground.runtime.run('crmListSchedules');
      const noturna = (
        saved.value as Array<{ sheet: string; hour: number; options: unknown }>
      ).find((s) => s.sheet === 'Noturna');
      expect(noturna?.hour).toBe(3);
      expect(noturna?.options).toMatchObject({ filters: { pipeline: 'Vendas' }, mode: 'replace' });
      await expectFits(sidebar, 'Export scheduled');
    });

    it('Jobs lists each run with when, next run, last result and whose key; Stop removes it', async () => {
      const sidebar = await openSidebar(page, lang.menu.jobs, lang.titles.jobs);
      const leads = sidebar.locator('article.schedule-card[data-schedule-sheet="Leads"]');
      await expect.poll(() => leads.count(), PATIENCE).toBe(1);
      expect(await sidebar.locator('article.schedule-card .job-kind').allTextContents()).toEqual(
        lang.kinds,
      );
      expect(await leads.locator('.schedule-every').textContent()).toBe(lang.every);
      expect(await leads.locator('.schedule-next').textContent()).toMatch(lang.next);
      expect(await leads.locator('.schedule-last').textContent()).toBe(lang.never);
      expect(await leads.locator('.schedule-who').textContent()).toBe(lang.who);
      await expectFits(sidebar, 'Jobs with nightly runs');
      await leads.locator('.schedule-stop').click();
      await expect
        .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
        .toBe(lang.stopped);
      expect(await leads.count()).toBe(0);
      await sidebar
        .locator('article.schedule-card[data-schedule-sheet="Noturna"] .schedule-stop')
        .click();
      await expect
        .poll(() => sidebar.locator('#schedules .empty').textContent(), PATIENCE)
        .toBe(lang.none);
    });
  });
});
