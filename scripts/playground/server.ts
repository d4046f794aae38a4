import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { createSandbox, DEMO_KEYS, type Sandbox } from '../../sandbox/index';
import { startSandboxServer } from '../../sandbox/server';
import {
  createGasRuntime,
  createSimulatedClock,
  type GasRuntime,
  type InProcessFetch,
  type MenuItem,
  routeToSandbox,
} from '../../tools/gas-runtime';
import { SIDEBARS } from '../build/ui';
import { demoWorkbook } from './demo-workbook';
import { escapeHtml, renderSheetTable } from './grid';
import { renderPage } from './page';
import { injectShim } from './shim';

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

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        const value = JSON.parse(text) as unknown;
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          reject(new Error('Send a JSON object.'));
        } else {
          resolve(value as Record<string, unknown>);
        }
      } catch {
        reject(new Error('The request body is not valid JSON.'));
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

/**
 * One Node process: the CRM sandbox (HTTP on `port`, and in-process for the add-on), the local
 * Apps Script runtime over a demo workbook, both on one simulated clock, and the page on
 * `uiPort` whose sidebars call the real bundle through a google.script.run shim.
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
  const runtime = createGasRuntime({
    bundlePath: BUNDLE,
    workbook: demoWorkbook(),
    clock,
    user: { email: USER_EMAIL },
    fetch: (request) => {
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

  // Executions run one at a time, in arrival order; between them simulated time also moves
  // with the wall clock, so schedules and rate windows behave as a person expects.
  let lastWall = Date.now();
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => T): Promise<T> => {
    const next = queue.then(() => {
      const wall = Date.now();
      clock.advance(Math.max(0, wall - lastWall));
      lastWall = wall;
      return work();
    });
    queue = next.catch(() => undefined);
    return next;
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

  const state = (sheetName: string | null) => {
    const names = runtime.workbook.sheets.map((sheet) => sheet.name);
    const active =
      sheetName && names.includes(sheetName)
        ? sheetName
        : (names[0] ?? runtime.workbook.activeSheet.name);
    const menu = runtime.ui.menus().at(-1);
    const executions = runtime.executions
      .slice(-40)
      .reverse()
      .map((e) => {
        const outcome = e.ok ? 'ok' : escapeHtml(e.error?.message ?? 'failed');
        const kind = e.kind === 'trigger' ? 'trigger → ' : '';
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
      table: renderSheetTable(runtime.workbook.sheet(active)),
      menu: menu ? menuCaptions(menu.items) : [],
      executions: executions || '<div>None yet.</div>',
      requests: `<div>${all.length} request(s) in total.</div>${requests}`,
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
    const result = runtime.run(fn, ...args);
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
    const result = runtime.ui.clickMenuItem(caption);
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

  const fireNextTrigger = () => {
    const due = runtime
      .triggers()
      .map((t) => t.nextFireAt)
      .filter((at): at is number => at !== undefined)
      .sort((a, b) => a - b)[0];
    if (due !== undefined && due > clock.now()) clock.advance(due - clock.now());
    return { fired: runtime.fireDueTriggers().length };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://playground.local');
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    if (route === 'GET /') return send(res, 200, 'text/html; charset=utf-8', renderPage());
    if (route === 'GET /state')
      return sendJson(res, 200, await serialized(() => state(url.searchParams.get('sheet'))));
    if (route === 'POST /run') {
      const body = await readJson(req);
      return sendJson(res, 200, await serialized(() => runFunction(body)));
    }
    if (route === 'POST /menu') {
      const body = await readJson(req);
      return sendJson(res, 200, await serialized(() => clickMenu(body.caption)));
    }
    if (route === 'POST /triggers') return sendJson(res, 200, await serialized(fireNextTrigger));
    const sidebar = /^GET \/sidebar\/(\d+)$/.exec(route);
    if (sidebar) {
      const event = runtime.ui.sidebars()[Number(sidebar[1])];
      if (!event)
        return send(
          res,
          404,
          'text/plain; charset=utf-8',
          'No such sidebar; open it from the CRM menu.',
        );
      return send(res, 200, 'text/html; charset=utf-8', injectShim(event.html.content));
    }
    send(res, 404, 'text/plain; charset=utf-8', `Nothing at ${route}.`);
  };

  const sockets = new Set<Socket>();
  const uiServer = createServer((req, res) => {
    handle(req, res).catch((error: Error) =>
      sendJson(res, 400, { ok: false, error: error.message }),
    );
  });
  uiServer.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      uiServer.once('error', reject);
      uiServer.listen(options.uiPort ?? 5050, host, () => {
        uiServer.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // Leave nothing listening behind when the page's port is taken.
    await sandboxServer.close();
    runtime.close();
    throw error;
  }
  const uiPort = (uiServer.address() as AddressInfo).port;

  // Continuation triggers (a job left when its sidebar closed) fire as they come due.
  const triggerTimer = setInterval(() => {
    void serialized(() => runtime.fireDueTriggers());
  }, TRIGGER_CHECK_MS);
  triggerTimer.unref();

  let closed = false;
  return {
    url: `http://${host}:${uiPort}/`,
    sandboxUrl,
    runtime,
    sandbox,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(triggerTimer);
      await queue;
      await new Promise<void>((resolve) => {
        uiServer.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await sandboxServer.close();
      runtime.close();
    },
  };
}
