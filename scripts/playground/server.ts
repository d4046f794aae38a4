import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, DEMO_KEYS, type Sandbox } from '../../sandbox/index';
import { startSandboxServer } from '../../sandbox/server';
import {
  createGasRuntime,
  createSimulatedClock,
  type ExecutionResult,
  type GasRuntime,
  type InProcessFetch,
  type MenuItem,
  routeToSandbox,
} from '../../tools/gas-runtime';
import { parseA1 } from '../../tools/gas-runtime/a1';
import { SIDEBARS } from '../build/ui';
import { renderCharts } from './chart';
import { demoWorkbook } from './demo-workbook';
import { createDialogs } from './dialogs';
import { escapeHtml, renderSheetTable } from './grid';
import {
  type HttpReply,
  type HttpRequestMessage,
  type HttpThread,
  startHttpThread,
} from './http-thread';
import { entryForRuntime } from './locale-cells';
import { renderPage } from './page';
import { seedPushSheet } from './push-sheet';
import { bundleFunctions, createRecalc } from './recalc';
import { createScheduler, type Task } from './scheduler';
import { injectShim } from './shim';
import { type PlaygroundLanguage, playgroundLanguage, playgroundWord } from './words';
import { activateSheet, addSheet, pasteBlock, renameSheet } from './workbook-edits';

export interface PlaygroundOptions {
  /** Port of the CRM sandbox (default 8787; 0 picks a free one). */
  port?: number;
  /** Port of the playground page (default 5050; 0 picks a free one). */
  uiPort?: number;
  host?: string;
  /**
   * `if-stale` (default): build dist/ when it is missing or older than src/. Tests pass `never`
   * (npm test builds first), so parallel test files never rebuild dist/ under each other.
   */
  build?: 'if-stale' | 'never';
  /**
   * `wait` (default): an alert or prompt of a call the page made waits for the person's answer,
   * blocking this thread meanwhile (dialogs.ts). `default`: it gets the default button at once,
   * for a test that drives the page from the playground's own thread, which a wait would block.
   */
  dialogs?: 'wait' | 'default';
}

export interface Playground {
  /** The page, e.g. http://127.0.0.1:5050/ */
  url: string;
  /** The sandbox API, e.g. http://localhost:8787/api/v1 (the add-on's configured base URL). */
  sandboxUrl: string;
  runtime: GasRuntime;
  sandbox: Sandbox;
  close(): Promise<void>;
}

const ROOT = process.cwd();
const DIST = join(ROOT, 'dist');
const BUNDLE = join(DIST, 'Code.js');
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const TRIGGER_CHECK_MS = 5_000;
const SETTINGS_KEY = 'crm.settings';
const USER_EMAIL = 'demo@example.com';
const PLAYGROUND_LEAD_LIMIT = 10_000;
const ALLOW_FORMULAS = 'crmAllowFormulas';
/** Sheets' limit for one cell. */
const MAX_CELL_CHARACTERS = 50_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function distIsStale(): boolean {
  const files = [BUNDLE, ...Object.values(SIDEBARS).map((name) => join(DIST, `${name}.html`))];
  if (files.some((file) => !existsSync(file))) return true;
  const built = Math.min(...files.map((file) => statSync(file).mtimeMs));
  return newestMtime(join(ROOT, 'src')) > built;
}

/** Importing scripts/build.ts runs the whole build (bundle, manifest, sidebars) once. */
async function ensureBuilt(mode: PlaygroundOptions['build']): Promise<void> {
  if (mode === 'never' || !distIsStale()) return;
  await import('../build');
}

function menuCaptions(items: MenuItem[]): string[] {
  return items.flatMap((item) => {
    if ('functionName' in item) return [item.caption];
    if ('items' in item) return menuCaptions(item.items);
    return [];
  });
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new Error('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('Send a JSON object.');
  }
  return value as Record<string, unknown>;
}

const html = (body: string): HttpReply => ({ status: 200, type: 'text/html; charset=utf-8', body });
const json = (value: unknown): HttpReply => ({
  status: 200,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});
const text = (status: number, body: string): HttpReply => ({
  status,
  type: 'text/plain; charset=utf-8',
  body,
});

/** How the executions log names what is not a plain function call. */
const EXECUTION_LABELS: Partial<Record<ExecutionResult['kind'], 'triggerRan' | 'formulaRan'>> = {
  trigger: 'triggerRan',
  customFunction: 'formulaRan',
};
/** The toasts the page is sent (the newest), and the longest one stays on screen. */
const TOASTS_SENT = 5;

/**
 * One Node process: the CRM sandbox (HTTP on `port`, and in-process for the add-on), the local
 * Apps Script runtime over a demo workbook, both on one simulated clock, and the page on
 * `uiPort` (served from its own thread, see http-thread.ts) whose sidebars call the real bundle
 * through a google.script.run shim and whose grid computes CRM_* formulas (recalc.ts).
 */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const host = options.host ?? '127.0.0.1';
  await ensureBuilt(options.build ?? 'if-stale');

  const clock = createSimulatedClock(Date.now());
  // Room for the 1,000-lead sheet on top of the demo account's 300 leads (its plan allows 1,000).
  const sandbox = createSandbox({ now: () => clock.now(), leadLimit: PLAYGROUND_LEAD_LIMIT });
  const sandboxServer = await startSandboxServer({ port: options.port ?? 8787, host, sandbox });
  const sandboxUrl = `http://localhost:${sandboxServer.port}/api/v1`;
  // The add-on's requests reach the same sandbox in-process (UrlFetchApp is synchronous);
  // the HTTP server is there for curl and for anyone poking at the API by hand.
  const routes: Array<[string, InProcessFetch]> = ['localhost', '127.0.0.1'].map((name) => {
    const origin = `http://${name}:${sandboxServer.port}`;
    return [origin, routeToSandbox(sandbox, origin)];
  });
  let yieldToRequests = () => {};
  // An alert or prompt of a call the page made waits for the person's answer (dialogs.ts).
  const dialogs = createDialogs(() => yieldToRequests());
  const runtime = createGasRuntime({
    bundlePath: BUNDLE,
    ...(options.dialogs === 'default' ? {} : { ask: dialogs.ask }),
    // Apps Script's own limit, in real time too: a person may take a while to answer a prompt.
    realTimeoutMs: 6 * 60_000,
    workbook: demoWorkbook(),
    clock,
    user: { email: USER_EMAIL },
    // The demo user owns the spreadsheet: CRM_* formulas run with the owner's settings.
    sharing: { owner: USER_EMAIL },
    fetch: (request) => {
      // Every UrlFetchApp call is a moment where the page's waiting requests get their turn.
      yieldToRequests();
      const route = routes.find(([origin]) => request.url.startsWith(`${origin}/`));
      return route ? route[1](request) : { status: 0, headers: {}, body: '', drop: true };
    },
    properties: {
      user: {
        [SETTINGS_KEY]: JSON.stringify({
          apiKey: DEMO_KEYS.admin,
          baseUrl: sandboxUrl,
          defaultCountry: 'BR',
        }),
      },
    },
  });
  // Opening the spreadsheet: the simple trigger adds the CRM menu.
  runtime.execute({ fn: 'onOpen', authMode: 'LIMITED', event: { authMode: 'LIMITED' } });
  // Formulas run with the owner's settings, and only where the owner allowed them (PRODUCT.md,
  // "Shared spreadsheets"): the demo owner allows them, with a bundle that has the switch.
  if (readFileSync(BUNDLE, 'utf8').includes(`function ${ALLOW_FORMULAS}(`)) {
    runtime.run(ALLOW_FORMULAS, true);
  }
  // The round trip's exported sheet, written by a real export (push-sheet.ts), once the bundle
  // has the push.
  if (readFileSync(BUNDLE, 'utf8').includes('function showPushSidebar(')) {
    seedPushSheet(runtime, clock);
  }

  const recalc = createRecalc(runtime.workbook, bundleFunctions(runtime));
  /** What runs now, outermost first: the page shows it while a long execution is in flight. */
  const running: string[] = [];
  const tracked = <T>(label: string, work: () => T): T => {
    running.push(label);
    try {
      return work();
    } finally {
      running.pop();
    }
  };

  // Between requests simulated time also moves with the wall clock, so that schedules and rate
  // windows behave as a person expects; a nested request leaves the clock to its execution.
  let lastWall = Date.now();
  const followWallClock = () => {
    const wall = Date.now();
    clock.advance(Math.max(0, wall - lastWall));
    lastWall = wall;
  };

  const timeFormat = new Intl.DateTimeFormat('pt-BR', {
    timeZone: runtime.workbook.timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const shortTime = new Intl.DateTimeFormat('pt-BR', {
    timeZone: runtime.workbook.timeZone,
    timeStyle: 'medium',
  });

  const state = (sheetName: string | null, language: PlaygroundLanguage) => {
    const word = (
      key: Parameters<typeof playgroundWord>[1],
      values?: Record<string, string | number>,
    ) => playgroundWord(language, key, values);
    // Hidden sheets have no tab, as in Sheets: the add-on's send record is one.
    const names = runtime.workbook.sheets.filter((sheet) => !sheet.hidden).map((s) => s.name);
    // The tab asked for, else the workbook's active sheet (what getActiveSheet() tells the
    // add-on): a sheet an export inserted comes to the front, as in Sheets.
    const current = runtime.workbook.activeSheet.name;
    const active =
      sheetName && names.includes(sheetName)
        ? sheetName
        : names.includes(current)
          ? current
          : (names[0] ?? current);
    const menu = runtime.ui.menus().at(-1);
    const executions = runtime.executions
      .slice(-40)
      .reverse()
      .map((e) => {
        const outcome = e.ok ? 'ok' : escapeHtml(e.error?.message ?? 'failed');
        const label = EXECUTION_LABELS[e.kind];
        const kind = label ? word(label) : '';
        return `<div class="${e.ok ? 'ok' : 'bad'}">${shortTime.format(e.startedAt)} ${kind}${escapeHtml(e.fnName)} · ${outcome} · ${(e.durationMs / 1000).toFixed(1)} s</div>`;
      })
      .join('');
    const all = sandbox.requests();
    const requests = all
      .slice(-60)
      .reverse()
      .map(
        (r) =>
          `<div class="${r.status >= 400 || r.status === 0 ? 'bad' : 'ok'}">${shortTime.format(r.at)} ${r.method} ${escapeHtml(r.path)} → ${r.status}${r.fault ? ` (${escapeHtml(r.fault)})` : ''}</div>`,
      )
      .join('');
    return {
      time: `${timeFormat.format(clock.now())} (${runtime.workbook.timeZone})`,
      sheets: names,
      active,
      // The sheet's embedded charts follow its table; the page floats each at its anchor cell.
      table:
        renderSheetTable(runtime.workbook.sheet(active), recalc.note, runtime.workbook.locale) +
        renderCharts(runtime.workbook.sheet(active)),
      menu: menu ? menuCaptions(menu.items) : [],
      running: [...running],
      activeSheet: runtime.workbook.activeSheet.name,
      language: userLanguage(),
      // Until the person picks a language, the page speaks the browser's.
      languageChosen: chosenLanguage !== undefined,
      triggers: pendingTriggers(language),
      executions: executions || `<div>${word('noneYet')}</div>`,
      requests: `<div>${word('requestsTotal', { count: all.length })}</div>${requests}`,
      // The alert or prompt waiting for the person, and the newest toasts (numbered, so that
      // the page shows each once).
      dialog: dialogs.waiting(),
      toasts: runtime.ui
        .toasts()
        .map((toast, id) => ({
          id,
          title: toast.title,
          message: toast.message,
          seconds: toast.timeoutSeconds,
        }))
        .slice(-TOASTS_SENT),
    };
  };

  const runFunction = (body: Record<string, unknown>) => {
    const fn = body.fn;
    const args = body.args ?? [];
    if (typeof fn !== 'string' || !IDENTIFIER.test(fn) || fn.endsWith('_')) {
      return {
        ok: false,
        error: { name: 'Error', message: `"${String(fn)}" is not a public server function name.` },
      };
    }
    if (!Array.isArray(args)) {
      return { ok: false, error: { name: 'Error', message: 'args must be an array.' } };
    }
    // A dispatcher's first argument names the function it runs (the sidebars call uiCall(fn, args)).
    const named = typeof args[0] === 'string' && IDENTIFIER.test(args[0]) ? `(${args[0]})` : '';
    const result = tracked(`${fn}${named}`, () => dialogs.asking(() => runtime.run(fn, ...args)));
    return result.ok
      ? { ok: true, value: result.value }
      : {
          ok: false,
          error: {
            name: result.error?.name ?? 'Error',
            message: result.error?.message ?? 'failed',
          },
        };
  };

  const clickMenu = (caption: unknown) => {
    if (typeof caption !== 'string') return { ok: false, error: 'Send {caption}.' };
    const before = runtime.ui.sidebars().length;
    const result = tracked(caption, () => dialogs.asking(() => runtime.ui.clickMenuItem(caption)));
    if (!result.ok) return { ok: false, error: result.error?.message ?? 'failed' };
    const sidebars = runtime.ui.sidebars();
    const opened = sidebars.length > before ? sidebars[sidebars.length - 1] : undefined;
    return {
      ok: true,
      ...(opened
        ? { sidebar: { url: `/sidebar/${sidebars.length - 1}`, title: opened.title } }
        : {}),
    };
  };

  /** A person typing into a cell: stored by Sheets' entry rules, then formulas recalculate. */
  const editCell = (body: Record<string, unknown>) => {
    const { sheet: name, a1, input } = body;
    if (typeof name !== 'string' || typeof a1 !== 'string' || typeof input !== 'string') {
      return { ok: false, error: 'Send {sheet, a1, input} as text.' };
    }
    const sheet = runtime.workbook.findSheet(name);
    if (!sheet) return { ok: false, error: `No sheet named "${name}".` };
    const at = parseA1(a1);
    if (
      !at ||
      at.startRow === undefined ||
      at.startColumn === undefined ||
      at.endRow !== at.startRow ||
      at.endColumn !== at.startColumn
    ) {
      return { ok: false, error: `"${a1}" is not one cell (e.g. B2).` };
    }
    if (input.length > MAX_CELL_CHARACTERS) {
      return { ok: false, error: `A cell holds at most ${MAX_CELL_CHARACTERS} characters.` };
    }
    // Typed as a person in the spreadsheet's locale types it (1,5 · 25/11/2026 · VERDADEIRO).
    sheet.enter(at.startRow, at.startColumn, entryForRuntime(input, runtime.workbook.locale));
    return { ok: true };
  };

  /** The person's own language (Session.getActiveUserLocale), apart from the spreadsheet's. */
  // Until the person picks one, it is the spreadsheet locale's language (as the runtime says).
  let chosenLanguage: 'pt' | 'en' | undefined;
  const userLanguage = () => chosenLanguage ?? (/^pt/i.test(runtime.workbook.locale) ? 'pt' : 'en');
  const switchLanguage = (lang: unknown) => {
    if (lang !== 'pt' && lang !== 'en')
      return { ok: false, error: 'Send {lang: "pt"} or {lang: "en"}.' };
    chosenLanguage = lang;
    runtime.setUserLocale(lang);
    // Sheets builds the menu when the spreadsheet opens: reopen it in the new language.
    runtime.execute({ fn: 'onOpen', authMode: 'LIMITED', event: { authMode: 'LIMITED' } });
    return { ok: true };
  };

  /** The time-driven triggers still to fire (a job left running when its sidebar closed). */
  const pendingTriggers = (language: PlaygroundLanguage) => {
    const due = runtime
      .triggers()
      .map((t) => t.nextFireAt)
      .filter((at): at is number => at !== undefined)
      .sort((a, b) => a - b);
    const next = due[0];
    return next === undefined
      ? playgroundWord(language, 'noTrigger')
      : playgroundWord(language, 'triggersWaiting', {
          count: due.length,
          time: shortTime.format(next),
        });
  };

  const fireNextTrigger = () => {
    const due = runtime
      .triggers()
      .map((t) => t.nextFireAt)
      .filter((at): at is number => at !== undefined)
      .sort((a, b) => a - b)[0];
    if (due !== undefined && due > clock.now()) clock.advance(due - clock.now());
    return { fired: tracked('triggers', () => runtime.fireDueTriggers()).length };
  };

  /** Every answer of the page; each runs on this thread, at once or nested (see scheduler.ts). */
  const handle = (request: HttpRequestMessage): HttpReply => {
    const url = new URL(request.url, 'http://playground.local');
    const route = `${request.method} ${url.pathname}`;
    const body = () => parseJsonObject(request.body);
    if (route === 'GET /') return html(renderPage());
    if (route === 'GET /state') {
      // A nested read shows the workbook as the interrupted execution left it, computing nothing.
      if (!scheduler.nested) recalc.run();
      return json(
        state(url.searchParams.get('sheet'), playgroundLanguage(url.searchParams.get('lang'))),
      );
    }
    const changes: Record<string, () => unknown> = {
      'POST /run': () => runFunction(body()),
      'POST /menu': () => clickMenu(body().caption),
      'POST /cell': () => editCell(body()),
      'POST /triggers': fireNextTrigger,
      'POST /paste': () => pasteBlock(runtime.workbook, body()),
      'POST /sheets': () => addSheet(runtime.workbook, body()),
      'POST /sheets/rename': () => renameSheet(runtime.workbook, body()),
      'POST /active': () => activateSheet(runtime.workbook, body()),
      'POST /language': () => switchLanguage(body().lang),
      'POST /dialog': () => dialogs.answer(body()),
    };
    const change = changes[route];
    if (change) {
      const answer = change();
      recalc.run();
      return json(answer);
    }
    const sidebar = /^GET \/sidebar\/(\d+)$/.exec(route);
    if (sidebar) {
      const event = runtime.ui.sidebars()[Number(sidebar[1])];
      if (!event) return text(404, 'No such sidebar; open it from the CRM menu.');
      return html(injectShim(event.html.content));
    }
    return text(404, `Nothing at ${route}.`);
  };

  const task = (request: HttpRequestMessage): Task => ({
    // Firing triggers jumps simulated time to the next one: never inside another execution.
    nested: request.url.startsWith('/triggers') ? 'wait' : 'allowed',
    run() {
      if (!scheduler.nested) followWallClock();
      let reply: HttpReply;
      try {
        reply = handle(request);
      } catch (error) {
        reply = { ...json({ ok: false, error: (error as Error).message }), status: 400 };
      }
      thread.reply(request.id, reply);
    },
  });

  let thread: HttpThread;
  const scheduler = createScheduler(() => thread.takeWaiting().map(task));
  yieldToRequests = () => scheduler.yieldPoint();
  try {
    thread = await startHttpThread({ host, port: options.uiPort ?? 5050 });
  } catch (error) {
    // Leave nothing listening behind when the page's port is taken.
    await sandboxServer.close();
    runtime.close();
    throw error;
  }
  thread.onRequest((request) => scheduler.submit(task(request)));

  // Continuation triggers (a job left when its sidebar closed) fire as they come due.
  const triggerTimer = setInterval(() => {
    scheduler.submit({
      nested: 'wait',
      run() {
        followWallClock();
        if (tracked('triggers', () => runtime.fireDueTriggers()).length > 0) recalc.run();
      },
    });
  }, TRIGGER_CHECK_MS);
  triggerTimer.unref();

  let closed = false;
  return {
    url: `http://${host}:${thread.port}/`,
    sandboxUrl,
    runtime,
    sandbox,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(triggerTimer);
      await scheduler.idle();
      await thread.close();
      await sandboxServer.close();
      runtime.close();
    },
  };
}
