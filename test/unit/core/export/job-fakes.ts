import type { Lead, LeadFilters, Page } from '../../../../src/api';
import type { CellValue } from '../../../../src/core/export/cells';
import type { ExportEnv, ExportSheet } from '../../../../src/core/export/job/job';
import type { SheetPlan } from '../../../../src/core/export/sync';
import { createPacer } from '../../../../src/core/pacing';
import { MemoryCache, MemoryKeyValueStore, SharedLock, type SimClock } from '../jobs/fakes';

/** A sheet as a grid of what getValues would return (apostrophes already stripped). */
export class GridSheet implements ExportSheet {
  grid: unknown[][] = [];
  reads = 0;
  writes = 0;
  clears = 0;
  /** Throws after the writes of the n-th apply (an execution killed before its checkpoint). */
  failAfterApply: number | null = null;
  private applies = 0;

  constructor(rows: unknown[][] = []) {
    this.grid = rows.map((row) => [...row]);
  }

  usedSize() {
    const rows = this.lastRow();
    let columns = 0;
    for (const row of this.grid.slice(0, rows)) {
      row.forEach((cell, i) => {
        if (cell !== '' && cell !== null && cell !== undefined) columns = Math.max(columns, i + 1);
      });
    }
    return { rows, columns };
  }

  readTable() {
    this.reads++;
    const { rows, columns } = this.usedSize();
    if (rows === 0) return { header: [], rows: [] };
    const values = this.grid
      .slice(0, rows)
      .map((row) => Array.from({ length: columns }, (_, i) => row[i] ?? ''));
    return { header: values[0] ?? [], rows: values.slice(1) };
  }

  /** The export owns every column of this grid (the e2e tests cover a person's columns). */
  ownedColumns() {
    return Array.from({ length: this.usedSize().columns }, (_, i) => i);
  }

  apply(plan: SheetPlan): boolean {
    if (plan.clear.length > 0) this.clears++;
    for (const area of plan.clear) {
      for (let r = area.row; r < area.row + area.rows; r++) {
        for (let c = area.column; c < area.column + area.columns; c++) {
          this.set(r, c, '');
        }
      }
    }
    for (const block of plan.writes) {
      this.writes++;
      block.values.forEach((line, r) => {
        line.forEach((cell, c) => {
          this.set(block.row + r, block.column + c, asEntered(cell));
        });
      });
    }
    this.applies++;
    if (this.failAfterApply === this.applies) throw new Error('killed after the write');
    return true;
  }

  deleteRows(rows: readonly number[]): number {
    for (const row of rows) this.grid.splice(row + 1, 1);
    return rows.length;
  }

  /** The data rows (header excluded). */
  data(): unknown[][] {
    return this.readTable().rows;
  }

  private lastRow(): number {
    for (let r = this.grid.length - 1; r >= 0; r--) {
      if ((this.grid[r] ?? []).some((cell) => cell !== '' && cell !== null && cell !== undefined))
        return r + 1;
    }
    return 0;
  }

  private set(row: number, column: number, value: unknown): void {
    while (this.grid.length <= row) this.grid.push([]);
    const line = this.grid[row] as unknown[];
    while (line.length <= column) line.push('');
    line[column] = value;
  }
}

/** What Sheets stores for a written cell: a leading apostrophe marks text and is not kept. */
function asEntered(cell: CellValue): unknown {
  return typeof cell === 'string' && cell.startsWith("'") ? cell.slice(1) : cell;
}

export function lead(id: number, overrides: Record<string, unknown> = {}): Lead {
  return {
    id,
    name: `Lead ${id}`,
    email: `lead${id}@example.com`,
    phone: `+55119000${String(id).padStart(5, '0')}`,
    value: id * 10,
    tags: id % 2 === 0 ? ['vip'] : [],
    pipeline_id: 1,
    stage_id: 2,
    pipeline: { id: 1, name: 'Vendas' },
    stage: { id: 2, name: 'Qualificado' },
    created_at: new Date(Date.UTC(2026, 10, 1) - id * 60_000).toISOString(),
    updated_at: '2026-11-10T12:00:00Z',
    custom_fields: {},
    ...overrides,
  } as Lead;
}

/**
 * GET /leads over a list kept in the CRM's order (newest first), paged like the API, with
 * `created_to`; `failures` are thrown (in order) before answering.
 */
export class FakeLeadList {
  requests: LeadFilters[] = [];
  failures: unknown[] = [];
  /** Reads `created_to` as a whole day, as a CRM that takes only the date ("date" in the contract). */
  createdToByDay = false;
  /** A CRM that ignores `updated_since` (answers every lead): each catch-up is a full pass. */
  ignoresUpdatedSince = false;
  /** What other people do in the CRM just before each request is answered. */
  beforeAnswer: ((filters: LeadFilters) => void) | null = null;
  constructor(public leads: Lead[]) {}

  list = (filters: LeadFilters): Page<Lead> => {
    this.requests.push(filters);
    const failure = this.failures.shift();
    if (failure !== undefined) throw failure;
    this.beforeAnswer?.(filters);
    const page = filters.page ?? 1;
    const perPage = filters.per_page ?? 50;
    const to = filters.created_to === undefined ? null : String(filters.created_to);
    const bound =
      to === null
        ? null
        : this.createdToByDay
          ? Date.parse(`${to.slice(0, 10)}T00:00:00Z`) + 86_400_000 - 1
          : Date.parse(to);
    const since =
      filters.updated_since === undefined || this.ignoresUpdatedSince
        ? null
        : Date.parse(String(filters.updated_since));
    const matching = this.leads.filter(
      (lead) =>
        (bound === null || Date.parse(lead.created_at as string) <= bound) &&
        (since === null || Date.parse(lead.updated_at as string) >= since),
    );
    const data = matching.slice((page - 1) * perPage, page * perPage);
    const lastPage = Math.max(1, Math.ceil(matching.length / perPage));
    return {
      data,
      meta: {
        total: matching.length,
        per_page: perPage,
        current_page: page,
        last_page: lastPage,
        has_more: page < lastPage,
      },
    };
  };
}

export interface FakeEnv {
  env: ExportEnv;
  sheet: GridSheet;
  crm: FakeLeadList;
  documentStore: MemoryKeyValueStore;
  cache: MemoryCache;
}

export function fakeEnv(clock: SimClock, crm: FakeLeadList, sheet = new GridSheet()): FakeEnv {
  const documentStore = new MemoryKeyValueStore();
  const cache = new MemoryCache(clock);
  const lock = new SharedLock(clock);
  return {
    sheet,
    crm,
    documentStore,
    cache,
    env: {
      listLeads: crm.list,
      pacer: (stepClock) =>
        createPacer({ cache, mutex: lock.handle(), clock: stepClock }, { apiKey: 'crm_unit_test' }),
      openSheet: () => sheet,
      makeDate: (year, month, day) => new Date(Date.UTC(year, month - 1, day, 3)),
      documentStore,
    },
  };
}
