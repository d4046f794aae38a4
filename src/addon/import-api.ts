import { mapHeaders, prepareContext, targetName } from '../core/import';
import { createImportJobHandler, IMPORT_JOB_KIND, type ImportJobEnv } from '../core/import/job';
import { type ImportJobOptions, parseImportRequest } from '../core/import/job-options';
import { fetchReferenceData, type ReferenceData } from '../core/import/job-requests';
import { missingStatusHeaders } from '../core/import/job-sheet';
import { isBlankCell } from '../core/import/normalize';
import { IMPORT_ROW_STATUSES, IMPORT_STATUS_HEADERS } from '../core/import/status-columns';
import { columnLetter } from '../core/import/text-key';
import type { JobHandler, JobSummary } from '../core/jobs';
import { startFailure, startPacing } from '../core/jobs/requests';
import { builtOnce, checkNoOtherJobOnSheet, requireSheetNamed } from '../core/jobs/row-job';
import { DEFAULT_COUNTRY, type Settings } from '../core/settings/settings';
import { appsScriptClock } from '../gas/services';
import { createSheetTable, findSheetById } from '../gas/sheet-table';
import {
  clientFor,
  currentSpreadsheet,
  engineDeps,
  ownerOf,
  pacerFor,
  requireSettings,
} from './context';
import type { JobEnv } from './job-env';
import { startJob } from './jobs-api';

export interface ImportLeadsOptions {
  /** Name of the sheet to import. */
  sheet: string;
  /** `email`, `phone` or `email_or_phone` (default). */
  matchBy?: string;
  /** The row holding the headers (default 1); every later non-empty row is a lead. */
  headerRow?: number;
  /** Sheet header → lead field (`phone`, `custom_fields.cpf`…), or '' to ignore the column. */
  mapping?: Record<string, string | null>;
  /** Pipeline (name or id) for rows without a Pipeline / Funil cell. */
  pipeline?: string | number;
  /** Stage (name or id) for rows without a Stage / Etapa cell. */
  stage?: string | number;
  /** Check and mark rows VALID / INVALID / DUPLICATE without sending anything. */
  dryRun?: boolean;
}

/*
 * Reference data fetched in this execution (Apps Script starts every execution afresh, so this
 * lives exactly one execution): crmImportLeads fetches it to check the options, and the first
 * slice that runs in the same execution reuses it instead of paying three more requests.
 */
let referenceThisExecution: ReferenceData | undefined;
const referenceMemo = {
  get: () => referenceThisExecution,
  set: (data: ReferenceData) => {
    referenceThisExecution = data;
  },
};

/** The three reference lists, paced; a CRM refusal becomes an error that names the fix. */
function loadReference(settings: Settings, what: string): ReferenceData {
  const memo = referenceMemo.get();
  if (memo) return memo;
  try {
    const data = fetchReferenceData(
      clientFor(settings),
      startPacing(pacerFor(settings), appsScriptClock),
    );
    referenceMemo.set(data);
    return data;
  } catch (error) {
    throw startFailure(error, what);
  }
}

function headerValues(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  headerRow: number,
): { header: unknown[]; rows: unknown[][] } {
  const values = createSheetTable(sheet, headerRow).read();
  if (values.header.every(isBlankCell)) {
    throw new Error(
      `Row ${headerRow} of "${sheet.getName()}" is empty: headerRow must be the row with the column headers (Nome, E-mail, Telefone…).`,
    );
  }
  return values;
}

/**
 * Starts an import job: every non-empty row below `headerRow` is upserted (`POST
 * /leads/upsert` with `match_by`), and its status written in the CRM Import columns at the
 * right of the data (created when missing). The job runs in this execution as far as its time
 * allows and continues by trigger (or from the sidebar). Returns the job's summary
 * `{jobId, kind, state, total, done, counts, message}`.
 *
 * Bad options, unknown headers in `mapping`, or a header row no lead field can be read from
 * throw an Error that says what to fix, and nothing is written.
 */
export function crmImportLeads(options: ImportLeadsOptions): JobSummary {
  const request = parseImportRequest(options);
  const settings = requireSettings();
  const spreadsheet = currentSpreadsheet();
  const sheet = requireSheetNamed(spreadsheet, request.sheet);
  const sheetId = sheet.getSheetId();
  const onSheet = { id: sheetId, name: request.sheet, jobName: 'Import' };
  // Checked again, atomically, when the job is created (startJob); this one fails fast.
  checkNoOtherJobOnSheet(engineDeps().store.board(), {
    kind: IMPORT_JOB_KIND,
    ...onSheet,
    sheetId,
    sheetName: request.sheet,
  });

  const values = headerValues(sheet, request.headerRow);
  const reference = loadReference(settings, 'start the import');
  const headerMap = mapHeaders(values.header, {
    customFields: reference.customFields,
    mapping: request.mapping,
  });
  if (headerMap.columns.length === 0) {
    throw new Error(
      `No header in row ${request.headerRow} of "${request.sheet}" names a lead field (Nome, E-mail, Telefone, Empresa…); rename the headers or give a mapping such as {"Cliente": "name"}.`,
    );
  }
  // Pipeline, stage and country are checked against the CRM before anything is written.
  prepareContext({
    customFields: reference.customFields,
    pipelines: reference.pipelines,
    users: reference.users,
    defaultCountry: settings.defaultCountry || DEFAULT_COUNTRY,
    matchBy: request.matchBy,
    formatDate: () => '',
    defaults: {
      ...(request.pipeline === undefined ? {} : { pipeline: request.pipeline }),
      ...(request.stage === undefined ? {} : { stage: request.stage }),
    },
  });

  const missing = missingStatusHeaders(headerMap);
  if (missing.length > 0) createSheetTable(sheet, request.headerRow).appendHeaders(missing);
  const statusIndexes = new Set(Object.values(headerMap.statusColumns));
  const total = values.rows.filter((row) =>
    row.some((cell, i) => !statusIndexes.has(i) && !isBlankCell(cell)),
  ).length;

  const { sheet: sheetName, ...rest } = request;
  const jobOptions: ImportJobOptions = { ...rest, sheetId, sheetName };
  return startJob({
    owner: ownerOf(settings),
    kind: IMPORT_JOB_KIND,
    options: jobOptions,
    total,
    statuses: IMPORT_ROW_STATUSES,
    message: `${request.dryRun ? 'Dry run' : 'Import'} of "${sheetName}" queued.`,
    sheet: onSheet,
  });
}

export type ImportPreviewOptions = Pick<ImportLeadsOptions, 'sheet' | 'headerRow' | 'mapping'>;

export interface ImportPreview {
  /** Columns whose values would be sent, with the field each one feeds. */
  mapped: { column: string; header: string; target: string }[];
  /** Headers that match no field: reported, never sent. */
  unknown: { column: string; header: string }[];
  /** Columns ignored on purpose (mapped to ''). */
  ignored: { column: string; header: string }[];
  /** Status columns already present (the others are created by the import). */
  statusColumns: string[];
}

/**
 * For the import sidebar: how the header row maps to lead fields with these options, before
 * anything starts. Throws the same errors as crmImportLeads for bad options or mapping.
 */
export function uiPreviewImport(options: ImportPreviewOptions): ImportPreview {
  const request = parseImportRequest(options);
  const settings = requireSettings();
  const sheet = requireSheetNamed(currentSpreadsheet(), request.sheet);
  const values = headerValues(sheet, request.headerRow);
  const reference = loadReference(settings, 'read the CRM fields');
  const headerMap = mapHeaders(values.header, {
    customFields: reference.customFields,
    mapping: request.mapping,
  });
  const ref = (c: { index: number; header: string }) => ({
    column: columnLetter(c.index),
    header: c.header,
  });
  return {
    mapped: headerMap.columns.map((c) => ({ ...ref(c), target: targetName(c.target) })),
    unknown: headerMap.unknown.map(ref),
    ignored: headerMap.ignored.map(ref),
    statusColumns: IMPORT_STATUS_HEADERS.filter((h) => headerMap.statusColumns[h] !== undefined),
  };
}

/** The `import` job handler over Apps Script services; registered in job-handlers.ts. */
export function importJobHandler(env: () => JobEnv): JobHandler {
  return createImportJobHandler(
    builtOnce((): ImportJobEnv => {
      const base = env();
      return {
        client: base.client,
        pacer: base.pacer,
        store: base.dataStore,
        defaultCountry: base.settings.defaultCountry || DEFAULT_COUNTRY,
        formatDate: (date) => Utilities.formatDate(date, base.timeZone, 'yyyy-MM-dd'),
        openTable: (sheetId, headerRow) => {
          const sheet = findSheetById(base.spreadsheet, sheetId);
          return sheet ? createSheetTable(sheet, headerRow) : null;
        },
        referenceMemo,
      };
    }),
  );
}
