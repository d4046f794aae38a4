import { createSandbox, DEMO_KEYS, type Sandbox } from '../../../../sandbox/index';
import { type CrmClient, createCrmClient } from '../../../../src/api/client';
import type { HttpRequest, HttpResponse, Transport } from '../../../../src/api/transport';
import { intlDateFormatter } from '../../../../src/core/import/date-format';
import {
  createImportJobHandler,
  IMPORT_JOB_KIND,
  type ImportJobEnv,
} from '../../../../src/core/import/job/job';
import type { ImportJobOptions } from '../../../../src/core/import/job/options';
import type { SheetTable, SheetTableValues } from '../../../../src/core/import/job/table';
import { IMPORT_ROW_STATUSES } from '../../../../src/core/import/status-columns';
import {
  createJob,
  type JobHandler,
  runSlice,
  type SliceResult,
} from '../../../../src/core/jobs/engine';
import type { JobRecord } from '../../../../src/core/jobs/record';
import { createJobStore, type JobStore } from '../../../../src/core/jobs/store';
import { createPacer } from '../../../../src/core/pacing/pacer';
import {
  MemoryCache,
  MemoryKeyValueStore,
  SharedLock,
  SimClock,
  seededRandom,
} from '../jobs/fakes';

export { busiestMinute } from '../jobs/fakes';
export const BASE_URL = 'http://localhost:8787/api/v1';
export const SHEET_ID = 4242;

/**
 * A sheet in memory with the SheetTable contract: values only, rows padded to the header's
 * width like getValues. `beforeRead` lets a test edit the sheet between two of the job's reads
 * (that is, during a request).
 */
export class MemoryTable implements SheetTable {
  reads = 0;
  writes = 0;
  beforeRead: (() => void) | null = null;
  constructor(
    public header: unknown[],
    public rows: unknown[][],
  ) {}

  read(): SheetTableValues {
    this.beforeRead?.();
    this.reads += 1;
    const width = Math.max(this.header.length, ...this.rows.map((r) => r.length));
    const padded = (row: unknown[]) => [...row, ...Array(width - row.length).fill('')];
    let last = this.rows.length;
    while (last > 0 && (this.rows[last - 1] ?? []).every((c) => c === '' || c === null)) last--;
    return {
      header: padded(this.header),
      rows: this.rows.slice(0, last).map(padded),
    };
  }

  writeRows(firstRow: number, columns: readonly number[], values: readonly (readonly unknown[])[]) {
    this.writes += 1;
    values.forEach((line, r) => {
      const row = this.rows[firstRow + r] ?? [];
      this.rows[firstRow + r] = row;
      columns.forEach((column, c) => {
        while (row.length <= column) row.push('');
        const value = line[c];
        // Sheets stores a leading-apostrophe string as the text after it.
        row[column] = typeof value === 'string' && value.startsWith("'") ? value.slice(1) : value;
      });
    });
  }

  appendHeaders(headers: readonly string[]): number[] {
    const start = Math.max(this.header.length, ...this.rows.map((r) => r.length));
    while (this.header.length < start) this.header.push('');
    this.header.push(...headers);
    return headers.map((_, i) => start + i);
  }

  column(name: string): unknown[] {
    const index = this.header.indexOf(name);
    return this.rows.map((row) => (index < 0 ? undefined : row[index]));
  }

  /** A person sorting the data rows by one column (blanks last). */
  sortBy(name: string, descending = false): void {
    const index = this.header.indexOf(name);
    const key = (row: unknown[]) => String(row[index] ?? '');
    this.rows.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka === '' || kb === '') return ka === kb ? 0 : ka === '' ? 1 : -1;
      return descending ? kb.localeCompare(ka) : ka.localeCompare(kb);
    });
  }
}

/** UrlFetchApp's stand-in: requests go to the in-process sandbox and take `latencyMs`. */
export function sandboxTransport(
  sandbox: Sandbox,
  clock: SimClock,
  options: { latencyMs?: number; onRequest?: (request: HttpRequest) => void } = {},
): Transport {
  const origin = BASE_URL.replace(/\/api\/v1$/, '');
  return {
    send(request: HttpRequest): HttpResponse {
      options.onRequest?.(request);
      const response = sandbox.handle({
        method: request.method,
        path: request.url.slice(origin.length),
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      clock.advance((options.latencyMs ?? 300) + (response.delayMs ?? 0));
      if (response.drop) throw new Error('connection reset');
      return { status: response.status, headers: response.headers, body: response.body };
    },
  };
}

export interface Harness {
  clock: SimClock;
  sandbox: Sandbox;
  table: MemoryTable;
  kv: MemoryKeyValueStore;
  store: JobStore;
  /** The API key the next execution uses (tests swap it to revoke or fix). */
  apiKey: string;
  onRequest?: (request: HttpRequest) => void;
  /** Sees each execution's client as it is made (a test may replace one of its calls). */
  onClient?: (client: CrmClient) => void;
  /** One execution's handler, as jobHandlers() builds it per execution. */
  handler(): JobHandler;
  start(options?: Partial<ImportJobOptions>): JobRecord;
  /** One execution's slice of the job. */
  slice(jobId: string, budgetMs?: number): SliceResult;
  /** Slices until the job is no longer pending (or `max` slices), advancing time between them. */
  drive(jobId: string, max?: number): SliceResult[];
  upserts(): number;
  status(): string[];
}

export function createHarness(
  header: unknown[],
  rows: unknown[][],
  options: { leadLimit?: number } = {},
): Harness {
  const clock = new SimClock();
  const sandbox = createSandbox({
    now: () => clock.peek(),
    seed: 'empty',
    leadLimit: options.leadLimit ?? 100_000,
  });
  const table = new MemoryTable(
    [...header],
    rows.map((row) => [...row]),
  );
  const kv = new MemoryKeyValueStore();
  const store = createJobStore(kv);
  const documentLock = new SharedLock(clock);
  const userLock = new SharedLock(clock);
  const userCache = new MemoryCache(clock);
  const random = seededRandom(7);

  const harness: Harness = {
    clock,
    sandbox,
    table,
    kv,
    store,
    apiKey: DEMO_KEYS.admin,
    handler() {
      let env: ImportJobEnv | undefined;
      return createImportJobHandler(
        () => {
          if (env) return env;
          const client = createCrmClient({
            baseUrl: BASE_URL,
            apiKey: harness.apiKey,
            transport: sandboxTransport(sandbox, clock, {
              onRequest: (request) => harness.onRequest?.(request),
            }),
            now: () => clock.peek(),
          });
          harness.onClient?.(client);
          env = {
            client,
            pacer: (stepClock) =>
              createPacer(
                { cache: userCache, mutex: userLock.handle(), clock: stepClock },
                { apiKey: harness.apiKey },
              ),
            store: kv,
            defaultCountry: 'BR',
            formatDate: intlDateFormatter('America/Sao_Paulo'),
            openTable: (sheetId) => (sheetId === SHEET_ID ? table : null),
          };
          return env;
        },
        { random },
      );
    },
    start(overrides = {}) {
      return createJob(
        { store, clock },
        {
          kind: IMPORT_JOB_KIND,
          statuses: IMPORT_ROW_STATUSES,
          options: {
            sheetId: SHEET_ID,
            sheetName: 'Leads',
            headerRow: 1,
            matchBy: 'email_or_phone',
            mapping: {},
            dryRun: false,
            mode: 'upsert',
            ...overrides,
          } satisfies ImportJobOptions,
          message: 'Queued.',
        },
        { random },
      );
    },
    slice(jobId, budgetMs) {
      return runSlice({ store, clock, mutex: documentLock.handle() }, [harness.handler()], {
        jobId,
        ...(budgetMs === undefined ? {} : { budgetMs }),
      });
    },
    drive(jobId, max = 50) {
      const slices: SliceResult[] = [];
      for (let i = 0; i < max; i++) {
        const result = harness.slice(jobId);
        slices.push(result);
        if (!result.moreWork) break;
        clock.advance(Math.max(1_000, (result.nextRunAt ?? 0) - clock.peek()));
      }
      return slices;
    },
    upserts: () =>
      sandbox.requests().filter((r) => r.path.startsWith('/api/v1/leads/upsert')).length,
    status: () => table.column('CRM Import Status').map((v) => String(v ?? '')),
  };
  return harness;
}
