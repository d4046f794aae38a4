import * as z from 'zod/mini';
import { MatchBySchema } from '../../../api/schemas';
import { lazySchema } from '../../../api/schemas/lazy';
import { codedError } from '../../errors';
import { matchByOption, optionsObject, sheetNameOption, shown } from '../../jobs/options';
import { RowScopeSchema } from '../../rows/scope';
import { DEFAULT_IMPORT_MODE, IMPORT_MODES, type ImportMode } from '../status-columns';

/**
 * `onConflict` (PRODUCT.md, "An import never turns one person into another"): `mark` (default)
 * writes CONFLICT and sends nothing; `update` sends the row anyway, for a person who knows.
 */
export const ON_CONFLICT = ['mark', 'update'] as const;
export type OnConflict = (typeof ON_CONFLICT)[number];

/**
 * Options of `crmImportLeads` (PRODUCT.md) and what the import job keeps of them. The sheet is
 * kept by id as well as name: renaming the sheet mid-job must not lose it.
 */
export const ImportJobOptionsSchema = lazySchema(() =>
  z.object({
    sheetId: z.number(),
    sheetName: z.string(),
    headerRow: z.number(),
    matchBy: MatchBySchema,
    mapping: z.record(z.string(), z.nullable(z.string())),
    pipeline: z.optional(z.union([z.string(), z.number()])),
    stage: z.optional(z.union([z.string(), z.number()])),
    dryRun: z.boolean(),
    mode: z.enum(IMPORT_MODES),
    /** The language of whoever started the job: its Detail cells and messages speak it. */
    locale: z.optional(z.enum(['en', 'pt'])),
    /** `update`: a row whose key belongs to another person's lead is sent anyway (absent: CONFLICT). */
    onConflict: z.optional(z.enum(ON_CONFLICT)),
    /** The rows chosen at the call (`rows`): every other row reads empty to the job. */
    rowScope: z.optional(RowScopeSchema),
  }),
);
export type ImportJobOptions = z.infer<typeof ImportJobOptionsSchema>;

/** The options a caller gives, checked; the sheet is still a name (the caller resolves it). */
export type ImportRequest = Omit<
  ImportJobOptions,
  'sheetId' | 'sheetName' | 'mode' | 'locale' | 'rowScope'
> & {
  sheet: string;
  mode: ImportMode;
};

const OPTION_NAMES = [
  'sheet',
  'matchBy',
  'mode',
  'headerRow',
  'mapping',
  'pipeline',
  'stage',
  'dryRun',
  'onConflict',
] as const;

const EXAMPLE = '{sheet: "Leads", matchBy: "email_or_phone", headerRow: 1}';

function optionalNameOrId(raw: Record<string, unknown>, name: 'pipeline' | 'stage') {
  const value = raw[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw codedError(
    `${name} must be a ${name} name or id, such as "${name === 'pipeline' ? 'Vendas' : 'Novo'}" or 3 (got ${shown(value)}).`,
    'importPlaceForm',
  );
}

/**
 * Checks crmImportLeads options and fills in the defaults users expect (`matchBy`
 * `email_or_phone`, `mode` `upsert`, `headerRow` 1, no mapping, no dry run). Every error says what to fix.
 * Whether the sheet exists is the caller's question: here it only has to be a name.
 */
export function parseImportRequest(input: unknown): ImportRequest {
  const raw = optionsObject(input, 'crmImportLeads', OPTION_NAMES, EXAMPLE);
  const sheet = sheetNameOption(raw.sheet, 'import');
  const matchBy = matchByOption(raw.matchBy ?? 'email_or_phone');

  const headerRow = raw.headerRow ?? 1;
  if (typeof headerRow !== 'number' || !Number.isInteger(headerRow) || headerRow < 1) {
    throw codedError(
      `headerRow must be a whole number of 1 or more: the sheet row that holds the headers (got ${shown(headerRow)}).`,
      'headerRowNumber',
    );
  }

  const mapping: Record<string, string | null> = {};
  if (raw.mapping !== undefined && raw.mapping !== null) {
    if (typeof raw.mapping !== 'object' || Array.isArray(raw.mapping)) {
      throw codedError(
        `mapping must be an object of sheet header → field, such as {"Celular": "phone", "Obs": ""} (got ${shown(raw.mapping)}).`,
        'importMappingForm',
      );
    }
    for (const [header, target] of Object.entries(raw.mapping as Record<string, unknown>)) {
      if (target !== null && typeof target !== 'string') {
        throw codedError(
          `mapping["${header}"] must be a field name such as "phone" or "custom_fields.cpf", or "" to ignore the column (got ${shown(target)}).`,
          'importMappingTarget',
          { header },
        );
      }
      mapping[header] = target;
    }
  }

  const dryRun = raw.dryRun ?? false;
  if (typeof dryRun !== 'boolean') {
    throw codedError(`dryRun must be true or false (got ${shown(dryRun)}).`, 'importDryRun');
  }

  const mode = raw.mode ?? DEFAULT_IMPORT_MODE;
  if (typeof mode !== 'string' || !(IMPORT_MODES as readonly string[]).includes(mode)) {
    throw codedError(
      `mode must be one of ${IMPORT_MODES.map((m) => `"${m}"`).join(', ')}: "upsert" updates the matching lead or creates one, "update" changes existing leads only, "create" makes new leads only (got ${shown(mode)}).`,
      'importModeValue',
    );
  }

  const onConflict = raw.onConflict ?? 'mark';
  if (typeof onConflict !== 'string' || !(ON_CONFLICT as readonly string[]).includes(onConflict)) {
    throw codedError(
      `onConflict must be "mark" (default: a row whose e-mail or phone belongs to another person's lead is CONFLICT and nothing is sent) or "update" (send it anyway) (got ${shown(onConflict)}).`,
      'importOnConflictValue',
    );
  }

  const pipeline = optionalNameOrId(raw, 'pipeline');
  const stage = optionalNameOrId(raw, 'stage');
  return {
    sheet,
    matchBy,
    mode: mode as ImportMode,
    headerRow,
    mapping,
    ...(pipeline === undefined ? {} : { pipeline }),
    ...(stage === undefined ? {} : { stage }),
    dryRun,
    ...(onConflict === 'update' ? { onConflict: 'update' as const } : {}),
  };
}

/** The stored options of a job, read back; a record this version cannot read fails the job. */
export function readImportJobOptions(stored: unknown): ImportJobOptions | null {
  const parsed = ImportJobOptionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
