import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../sandbox/index';
import {
  ACTIONS_SHEET,
  BIG_SHEET,
  DEMO_LEADS_EXPECTED,
  SEND_SHEET,
} from '../../scripts/playground/demo-workbook';
import { PUSH_SHEET } from '../../scripts/playground/push-sheet';
import type { Playground } from '../../scripts/playground/server';
import {
  addSlowImportSheet,
  chromiumSuiteTitle,
  gridCellText,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar as openSidebarOf,
  PATIENCE,
  screenshotGridRightEdge,
} from './browser-harness';

/**
 * The sidebars in a real browser: the playground page, its sidebars' google.script.run calls
 * running the real bundle.
 */
const SCREENSHOT = '/tmp/crm-playground.png';
const IMPORT_SCREENSHOT = '/tmp/crm-playground-import.png';
const PAUSED_SCREENSHOT = '/tmp/crm-playground-paused.png';

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('sidebars'), () => {
  let playground: Playground;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-', {
      // The demo spreadsheet is Brazilian; these tests read the English words.
      locale: 'en_US',
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  const openSidebar = (caption: string, title: string) => openSidebarOf(page, caption, title);
  const cellText = (sheet: string, a1: string) => gridCellText(page, sheet, a1);

  it('shows the demo workbook as a grid with a tab per sheet', async () => {
    await expect.poll(() => cellText('Leads', 'A1'), PATIENCE).toBe('Nome');
    expect(await cellText('Leads', 'A2')).toBe('Fernanda Albuquerque');
    // One tab per sheet, then + to add one.
    expect(await page.locator('#tabs .tab[data-sheet]').allTextContents()).toEqual([
      'Leads',
      'Export',
      BIG_SHEET,
      SEND_SHEET,
      ACTIONS_SHEET,
      PUSH_SHEET,
    ]);
  });

  it('Settings: saving the key checks it with the CRM and shows only its masked form', async () => {
    const sidebar = await openSidebar('Settings', 'CRM · Settings');
    await expect
      .poll(() => sidebar.locator('#masked-key').textContent(), PATIENCE)
      .toBe('crm_…dmin');
    expect(await sidebar.locator('#api-key').getAttribute('type')).toBe('password');
    await sidebar.locator('#api-key').fill(DEMO_KEYS.admin);
    await sidebar.locator('#save').click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe('Connected to Comercial Automação Demo Ltda · plan Profissional.');
    expect(await sidebar.locator('#api-key').inputValue()).toBe('');
    expect(await sidebar.locator('body').innerHTML()).not.toContain(DEMO_KEYS.admin);
    expect(await sidebar.locator('#masked-key').textContent()).toBe('crm_…dmin');
    // Right after the key is saved, the sidebar offers formulas here, with the warning.
    expect(await sidebar.locator('#formulas').isVisible()).toBe(true);
    expect(await sidebar.locator('#formulas-warning').textContent()).toContain('every editor');
    // The playground's demo owner has allowed formulas (its grid computes them): stop, allow again.
    expect(await sidebar.locator('#allow-formulas').isChecked()).toBe(true);
    await sidebar.locator('#allow-formulas').uncheck();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe('CRM_* formulas stopped here.');
    await sidebar.locator('#allow-formulas').check();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe('CRM_* formulas may now use your key here.');
  });

  it('Settings: a bad key shows the error that says what to fix', async () => {
    const sidebar = page.frameLocator('#sidebar-frame');
    await sidebar.locator('#api-key').fill('not-a-key');
    await sidebar.locator('#save').click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe(
        'This is not a CRM API key: keys start with crm_ and have no spaces. Copy it again from the CRM (Settings → API keys).',
      );
    expect(await sidebar.locator('#status').getAttribute('class')).toBe('status error');
  });

  it('Import: preview lists each column on its field; the import ends done and the grid shows each row status', async () => {
    const sidebar = await openSidebar('Import leads', 'CRM · Import leads');
    await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe('Leads');
    await sidebar.locator('#preview').click();
    await expect.poll(() => sidebar.locator('#mapping .map-row').count(), PATIENCE).toBe(11);
    // Segmento is the account's custom field, chosen by its label.
    const segmento = sidebar.locator('#mapping [data-header="Segmento"] select');
    expect(await segmento.inputValue()).toBe('custom_fields.segmento');
    expect(await segmento.locator('option:checked').textContent()).toBe('Segmento');

    await sidebar.locator('#start').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    const total = DEMO_LEADS_EXPECTED.length;
    expect(await progress.locator('.progress-numbers').textContent()).toBe(
      `${total} / ${total} rows`,
    );
    expect(await progress.locator('[data-status="DUPLICATE"] b').textContent()).toBe('1');

    // The grid refreshes after the sidebar's call: find the status column by its header.
    await expect
      .poll(
        () => page.locator('table.grid[data-sheet="Leads"] td[data-a1="L1"]').textContent(),
        PATIENCE,
      )
      .toBe('CRM Import Status');
    for (const { row, status } of DEMO_LEADS_EXPECTED) {
      expect(await cellText('Leads', `L${row}`), `row ${row}`).toBe(status);
    }
    const shown = await page.locator('table.grid[data-sheet="Leads"] td').allTextContents();
    for (const status of ['CREATED', 'UPDATED', 'INVALID', 'DUPLICATE'])
      expect(shown).toContain(status);
    // The status columns sit at the right of the data: scroll there for the screenshot.
    await screenshotGridRightEdge(page, IMPORT_SCREENSHOT);
  });

  it('Jobs: lists the import with its state, rows and counts', async () => {
    const sidebar = await openSidebar('Jobs', 'CRM · Jobs');
    const job = sidebar.locator('article.job').first();
    await expect
      .poll(() => job.locator('.progress').getAttribute('data-state'), PATIENCE)
      .toBe('done');
    // Servers that report the job's sheet add it, as a link to that sheet.
    expect(await job.locator('h2').textContent()).toMatch(/^Import( · Leads)?$/);
    const total = DEMO_LEADS_EXPECTED.length;
    expect(await job.locator('.progress-numbers').textContent()).toBe(`${total} / ${total} rows`);
    expect(await job.locator('.progress-counts').textContent()).toMatch(/INVALID/);
    expect(await job.locator('button.cancel').isHidden()).toBe(true);
  });

  it('Export: pulls the Vendas leads into the Export sheet; then a screenshot', async () => {
    const sidebar = await openSidebar('Export leads', 'CRM · Export leads');
    // Funil is a list of the account's pipelines (issue 29.2).
    await expect
      .poll(() => sidebar.locator('#f-pipeline option[value="Vendas"]').count(), PATIENCE)
      .toBe(1);
    await sidebar.locator('#f-pipeline').selectOption('Vendas');
    await sidebar.locator('#f-tags').fill('vip');
    await sidebar.locator('#start').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');

    await page.locator('#tabs .tab[data-sheet="Export"]').click();
    await expect.poll(() => cellText('Export', 'A1'), PATIENCE).toBe('id');
    const names = await page
      .locator('table.grid[data-sheet="Export"] td[data-a1^="B"]')
      .allTextContents();
    expect(names).toContain('Fernanda Albuquerque');

    await page.locator('#tabs .tab[data-sheet="Leads"]').click();
    await expect.poll(() => cellText('Leads', 'L2'), PATIENCE).toBe('CREATED');
    await page.screenshot({ path: SCREENSHOT });
    expect(existsSync(SCREENSHOT)).toBe(true);
  });

  it('a long import: the sidebar drives it slice after slice, shows the ETA, pauses and resumes', async () => {
    // At 60 upserts a minute one 4.5-minute slice does fewer than 300 of these 1,000 rows, so
    // the sidebar has several slices to drive (batches make latency no longer the limit).
    const rows = 1_000;
    addSlowImportSheet(playground, 'Slow', rows);

    const sidebar = await openSidebar('Import leads', 'CRM · Import leads');
    await expect
      .poll(() => sidebar.locator('#sheet option[value="Slow"]').count(), PATIENCE)
      .toBe(1);
    await sidebar.locator('#sheet').selectOption('Slow');
    // In simulated time a slice takes well under a second of wall time; hold the sidebar's
    // uiContinueJob calls after its first, as a real 4.5-minute execution would, so that Pause
    // lands mid-job.
    let releaseSlices = () => {};
    const slicesHeld = new Promise<void>((resolve) => {
      releaseSlices = resolve;
    });
    let slices = 0;
    await page.route('**/run', async (route) => {
      // Every sidebar call goes through uiCall; its first argument names the function.
      const call = route.request().postDataJSON() as { fn?: string; args?: unknown[] };
      if (call.fn === 'uiCall' && call.args?.[0] === 'uiContinueJob') {
        slices += 1;
        if (slices > 1) await slicesHeld;
      }
      await route.continue();
    });
    await sidebar.locator('#start').click();
    const progress = sidebar.locator('.progress');
    // The start answers before its first request, so Pause is there at once; the sidebar then
    // drives every slice.
    await progress.locator('button.pause').waitFor({ state: 'visible', timeout: 60_000 });
    const rowsDone = async () =>
      Number((await progress.locator('.progress-numbers').textContent())?.split(' ')[0]);
    // The first slice has answered and the second is held. A loaded CI machine can take more
    // than 30 s of wall time for a slice.
    await expect.poll(() => slices, { timeout: 150_000 }).toBe(2);
    await expect.poll(rowsDone, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await progress.locator('.progress-eta').textContent()).toMatch(
      /left at 60 requests per minute$/,
    );
    // The pause answers at once, while the slice is still on its way: a running slice would
    // stop before its next request.
    await progress.locator('button.pause').click();
    await expect
      .poll(() => progress.getAttribute('data-state'), { timeout: 30_000 })
      .toBe('paused');
    releaseSlices();
    // The job speaks its starter's language (the playground user's locale).
    expect(await progress.locator('.progress-message').textContent()).toMatch(
      /^(Paused from the sidebar\.|Pausada pela barra lateral\.)$/,
    );
    const pausedAt = await rowsDone();
    expect(pausedAt).toBeGreaterThan(0);
    expect(pausedAt).toBeLessThan(rows);
    await page.screenshot({ path: PAUSED_SCREENSHOT });

    await page.unroute('**/run');
    await progress.locator('button.resume').click();
    // Between slices the sidebar waits, in wall time, for the CRM's minute to free its slots (up
    // to 60 s): the 700-odd rows left take three slices, so up to three such waits.
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 300_000 }).toBe('done');
    expect(await progress.locator('.progress-numbers').textContent()).toBe(
      `${rows.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} rows`,
    );
    expect(await progress.locator('[data-status="CREATED"] b').textContent()).toBe(
      rows.toLocaleString('en-US'),
    );
    expect(slices).toBeGreaterThanOrEqual(2);
  }, 480_000);

  it('Jobs: resumes a paused job and keeps it moving to done while open', async () => {
    const { runtime } = playground;
    const rows = 1_000;
    addSlowImportSheet(playground, 'Later', rows);
    const started = runtime.runOrThrow('crmImportLeads', { sheet: 'Later' }) as { jobId: string };
    runtime.runOrThrow('uiPauseJob', started.jobId);

    const sidebar = await openSidebar('Jobs', 'CRM · Jobs');
    const job = sidebar.locator(`article.job[data-job-id="${started.jobId}"]`);
    await expect
      .poll(() => job.locator('.progress').getAttribute('data-state'), PATIENCE)
      .toBe('paused');
    expect(await job.locator('button.pause').isHidden()).toBe(true);
    await job.locator('button.resume').click();
    // Between slices the sidebar waits, in wall time, for the CRM's minute to free its slots (up
    // to 60 s): the 700-odd rows left take three slices (100 s on an idle machine).
    await expect
      .poll(() => job.locator('.progress').getAttribute('data-state'), { timeout: 300_000 })
      .toBe('done');
    expect(await job.locator('.progress-numbers').textContent()).toBe(
      `${rows.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} rows`,
    );
  }, 420_000);

  it('Jobs: nightly runs above the jobs, a dry run apart, "Clear finished" leaves a paused job (issue 29.5)', async () => {
    const { runtime } = playground;
    runtime.runOrThrow('crmSchedule', { kind: 'export', sheet: 'Nightly', hour: 2 });
    const dry = runtime.runOrThrow('crmImportLeads', { sheet: 'Leads', dryRun: true }) as {
      jobId: string;
    };
    addSlowImportSheet(playground, 'Held', 1_000);
    const held = runtime.runOrThrow('crmImportLeads', { sheet: 'Held' }) as { jobId: string };
    runtime.runOrThrow('uiPauseJob', held.jobId);

    const sidebar = await openSidebar('Jobs', 'CRM · Jobs');
    const heldCard = sidebar.locator(`#jobs article.job[data-job-id="${held.jobId}"]`);
    await expect.poll(() => heldCard.count(), PATIENCE).toBe(1);
    await expect
      .poll(() => sidebar.locator(`#previews article.job[data-job-id="${dry.jobId}"]`).count())
      .toBe(1);
    expect(await sidebar.locator(`#jobs article.job[data-job-id="${dry.jobId}"]`).count()).toBe(0);
    const top = async (selector: string) =>
      (await sidebar.locator(selector).boundingBox())?.y ?? Number.NaN;
    expect(await top('#schedules-section')).toBeLessThan(await top('#jobs-section'));
    expect(await top('#jobs-section')).toBeLessThan(await top('#previews-section'));

    const clear = sidebar.locator('#clear-finished');
    await expect.poll(() => clear.isEnabled(), PATIENCE).toBe(true);
    await clear.click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe('Finished jobs cleared from your list.');
    expect(await sidebar.locator('#jobs article.job').count()).toBe(1);
    expect(await heldCard.locator('.progress').getAttribute('data-state')).toBe('paused');
    expect(await sidebar.locator('#previews-section').isHidden()).toBe(true);
    expect(await clear.isDisabled()).toBe(true);
    // Cleared from the list, not deleted.
    expect(runtime.runOrThrow('crmGetJob', dry.jobId)).toMatchObject({ state: 'done' });
  });
});
