import { describe, expect, it } from 'vitest';
import type { CustomFieldDefinition, Pipeline, User } from '../../../../src/api';
import {
  DEFAULT_LEAD_COLUMNS,
  INCLUDE_COLUMNS,
  requiredIncludes,
} from '../../../../src/core/export/columns';
import {
  buildExportJobOptions,
  type ExportJobInput,
  parseExportRequest,
  wantsCustomFields,
} from '../../../../src/core/export/job/request';
import {
  lastSyncKey,
  laterSince,
  readLastSync,
  syncScope,
  writeLastSync,
} from '../../../../src/core/export/job/sync';
import { MemoryKeyValueStore } from '../jobs/fakes';

const PIPELINES = [
  {
    id: 1,
    name: 'Vendas',
    stages: [
      { id: 11, name: 'Novo' },
      { id: 12, name: 'Proposta' },
    ],
  },
  { id: 2, name: 'Pós-venda', stages: [{ id: 21, name: 'Ativo' }] },
] as Pipeline[];
const USERS = [{ id: 5, name: 'Ana Souza', email: 'ana@x.com', role: 'admin' }] as User[];
const FIELDS = [
  { id: 1, name: 'cpf', label: 'CPF', field_type: 'text', options: [] },
  { id: 2, name: 'nascimento', label: 'Data de nascimento', field_type: 'date', options: [] },
] as CustomFieldDefinition[];

function input(
  raw: Record<string, unknown>,
  extra: Partial<Omit<ExportJobInput, 'request'>> = {},
): ExportJobInput {
  return {
    request: parseExportRequest(raw),
    lookups: { pipelines: PIPELINES, users: USERS },
    customFields: FIELDS,
    startedAt: 1_000,
    account: 'acct',
    sheet: () => ({ sheetId: 9, lastSync: () => null }),
    ...extra,
  };
}

describe('parseExportRequest', () => {
  it('takes the defaults users expect', () => {
    expect(parseExportRequest({ sheet: ' Leads ' })).toEqual({
      sheet: 'Leads',
      filters: {},
      columns: undefined,
      include: [],
      mode: 'replace',
      staleRows: 'keep',
    });
  });

  it('merges include from the option and from filters, in the API order', () => {
    const request = parseExportRequest({
      sheet: 'L',
      include: 'score, owner',
      filters: { include: ['tasks'], tags: 'vip,hot', pipeline: 'Vendas' },
      mode: 'SYNC',
    });
    expect(request.include).toEqual(['owner', 'tasks', 'score']);
    expect(request.filters).toEqual({ tags: ['vip', 'hot'], pipeline: 'Vendas' });
    expect(request.mode).toBe('sync');
  });

  it.each([
    [null, /takes one object/],
    [{}, /sheet must be the name of the sheet/],
    [{ sheet: '   ' }, /sheet must be the name/],
    [{ sheet: 'x'.repeat(101) }, /at most 100 characters/],
    [{ sheet: 'L', mode: 'append' }, /mode must be "replace".*or "sync"/],
    [{ sheet: 'L', columns: 5 }, /columns must be a comma list/],
    [{ sheet: 'L', filters: { page: 2 } }, /Filter "page" cannot be set/],
    [
      { sheet: 'L', filters: { stage_id: 'Proposta' } },
      /stage_id must be a positive whole number.*stage=/,
    ],
    [{ sheet: 'L', include: 'conversation' }, /only available for a single lead/],
    [{ sheet: 'L', sheets: 'x' }, /Unknown option "sheets"/],
    [
      { sheet: 'L', mode: 'sync', staleRows: 'remove' },
      /staleRows must be "keep".*"mark".*"delete"/,
    ],
    [{ sheet: 'L', staleRows: 'mark' }, /staleRows applies to mode "sync"/],
    [
      { sheet: 'L', mode: 'sync', staleRows: 'delete', filters: { updated_since: '2026-11-01' } },
      /needs a full pass.*remove updated_since/,
    ],
  ])('refuses %j', (raw, message) => {
    expect(() => parseExportRequest(raw)).toThrow(message);
  });

  it.each([
    [undefined, false],
    ['id,name', false],
    ['id, Custom_Fields.cpf', true],
    [[['id', 'custom_fields.x']], true],
  ])('wantsCustomFields(%j) is %s', (columns, wanted) => {
    expect(wantsCustomFields(columns)).toBe(wanted);
  });
});

describe('buildExportJobOptions', () => {
  it('resolves names to ids, adds the includes the columns need, keeps the chosen fields', () => {
    const options = buildExportJobOptions(
      input({
        sheet: 'L',
        filters: { pipeline: 'vendas', stage: 'PROPOSTA', owner: 'ana@x.com', q: 'maria' },
        columns: 'id,owner_name,custom_fields.Data de nascimento,products',
        include: ['score'],
      }),
    );
    expect(options).toMatchObject({
      sheetName: 'L',
      sheetId: 9,
      mode: 'replace',
      filters: { pipeline_id: 1, stage_id: 12, assigned_to: 5, q: 'maria' },
      columns: ['id', 'owner_name', 'custom_fields.nascimento', 'products'],
      include: ['owner', 'products', 'score'],
      startedAt: 1_000,
    });
    expect(options.customFields.map((f) => f.name)).toEqual(['nascimento']);
  });

  it('an include adds its columns when no columns were chosen', () => {
    const options = buildExportJobOptions(input({ sheet: 'L', include: 'owner,notes,score' }));
    expect(options.columns).toEqual([
      ...DEFAULT_LEAD_COLUMNS,
      'owner_name',
      'owner_email',
      'notes_count',
      'last_note',
      'score',
    ]);
    expect(options.include).toEqual(['owner', 'notes', 'score']);
  });

  it('columns the user chose stay as chosen, whatever the includes', () => {
    const options = buildExportJobOptions(
      input({ sheet: 'L', columns: 'id,name', include: ['owner'] }),
    );
    expect(options.columns).toEqual(['id', 'name']);
    expect(options.include).toEqual(['owner']);
  });

  it.each(Object.entries(INCLUDE_COLUMNS))(
    'the columns of include %s need exactly that include',
    (token, columns) => {
      expect(requiredIncludes(columns)).toEqual([token]);
    },
  );

  it('a sync with staleRows reads every lead (no watermark) and keeps the choice', () => {
    const options = buildExportJobOptions(
      input(
        { sheet: 'L', mode: 'sync', staleRows: 'Mark' },
        { sheet: () => ({ sheetId: 9, lastSync: () => '2026-11-20T10:00:00.000Z' }) },
      ),
    );
    expect(options.filters).toEqual({});
    expect(options.staleRows).toBe('mark');
  });

  it('sync asks for updated_since from the stored watermark, or the user’s when later', () => {
    const stored = '2026-11-20T10:00:00.000Z';
    const withStored = (raw: Record<string, unknown>) =>
      buildExportJobOptions(input(raw, { sheet: () => ({ sheetId: 9, lastSync: () => stored }) }));
    expect(withStored({ sheet: 'L', mode: 'sync' }).filters).toEqual({ updated_since: stored });
    expect(
      withStored({ sheet: 'L', mode: 'sync', filters: { updated_since: '2026-11-21' } }).filters,
    ).toEqual({ updated_since: '2026-11-21' });
    expect(
      withStored({ sheet: 'L', mode: 'sync', filters: { updated_since: '2026-11-01' } }).filters,
    ).toEqual({ updated_since: stored });
    // Replace mode reads everything the filters select, whatever was synced before.
    expect(withStored({ sheet: 'L' }).filters).toEqual({});
  });

  it('opens the sheet only after every option passed', () => {
    let opened = 0;
    const sheet = () => {
      opened++;
      return { sheetId: 1, lastSync: () => null };
    };
    expect(() =>
      buildExportJobOptions(input({ sheet: 'L', filters: { pipeline: 'Nada' } }, { sheet })),
    ).toThrow(/Unknown pipeline "Nada"/);
    expect(() =>
      buildExportJobOptions(input({ sheet: 'L', columns: 'custom_fields.rg' }, { sheet })),
    ).toThrow(/Unknown custom field "rg"/);
    expect(() =>
      buildExportJobOptions(input({ sheet: 'L', mode: 'sync', columns: 'name' }, { sheet })),
    ).toThrow(/add "id" to columns/);
    expect(opened).toBe(0);
  });
});

describe('the sync watermark', () => {
  it('belongs to the filters, columns and include it was taken with', () => {
    const store = new MemoryKeyValueStore();
    const scope = syncScope({ pipeline_id: 1 }, ['id', 'name'], ['owner']);
    writeLastSync(store, 4, { since: '2026-11-20T00:00:00.000Z', scope });
    expect(store.keys()).toEqual([lastSyncKey(4)]);
    expect(lastSyncKey(4)).toBe('crm.export.lastSync.4');
    expect(readLastSync(store, 4, scope)).toBe('2026-11-20T00:00:00.000Z');
    // The user's own updated_since does not change the scope.
    expect(
      syncScope({ pipeline_id: 1, updated_since: '2026-01-01' }, ['id', 'name'], ['owner']),
    ).toBe(scope);
    for (const other of [
      syncScope({ pipeline_id: 2 }, ['id', 'name'], ['owner']),
      syncScope({ pipeline_id: 1 }, ['name', 'id'], ['owner']),
      syncScope({ pipeline_id: 1 }, ['id', 'name'], []),
      // Another account or base URL (issue 16.11).
      syncScope({ pipeline_id: 1 }, ['id', 'name'], ['owner'], 'other account'),
    ]) {
      expect(other).not.toBe(scope);
      expect(readLastSync(store, 4, other)).toBeNull();
    }
    expect(readLastSync(store, 5, scope)).toBeNull();
    store.set(lastSyncKey(4), 'not json');
    expect(readLastSync(store, 4, scope)).toBeNull();
  });

  it.each([
    [undefined, null, undefined],
    [undefined, '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'],
    ['2026-11-21', '2026-11-20T10:00:00Z', '2026-11-21'],
    ['2026-11-20', '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'],
    ['2026-11-20T11:00:00Z', '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z'],
  ])('laterSince(%s, %s) = %s', (a, b, later) => {
    expect(laterSince(a, b)).toBe(later);
  });
});
