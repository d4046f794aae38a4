import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import {
  automaticTargets,
  LEAD_COLUMN_FIELDS,
  type LeadColumnField,
  mapHeaders,
  prepareContext,
  targetName,
} from '../core/import';
import { IMPORT_JOB_KIND } from '../core/import/job/job';
import { type ImportJobOptions, parseImportRequest } from '../core/import/job/options';
import { fetchReferenceData, type ReferenceData } from '../core/import/job/requests';
import { missingStatusHeaders } from '../core/import/job/sheet';
import { isBlankCell } from '../core/import/normalize';
import { IMPORT_ROW_STATUSES } from '../core/import/status-columns';
import { columnLetter } from '../core/import/text-key';
import { everyJob, type JobSummary } from '../core/jobs';
import { startFailure, startPacing } from '../core/jobs/requests';
import { checkNoOtherJobOnSheet } from '../core/jobs/row-job';
import { DEFAULT_COUNTRY, type Settings } from '../core/settings/settings';
import { currentLocale } from '../gas/locale';
import { resolveRowScope } from '../gas/row-scope';
import { requireJobSheet } from '../gas/send-record-sheet';
import { appsScriptClock } from '../gas/services';
import { createSheetTable } from '../gas/sheet-table';
import {
  clientFor,
  currentSpreadsheet,
  engineDeps,
  ownerOf,
  pacerFor,
  requireSettings,
} from './context';
import { startJob } from './jobs-api';
import { keepFreshReference, referenceMemo } from './reference-memo';
import { splitRowsOption } from './rows-option';

export interface ImportLeadsOptions {
  /** Name of the sheet to import. */
  sheet: string;
  /** `email`, `phone` or `email_or_phone` (default). */
  matchBy?: string;
  /**
   * `upsert` (default): update the matching lead, else create one; `update`: existing leads
   * only (a row whose lead is not in the CRM is NOT_FOUND); `create`: new leads only (a row
   * whose lead exists is EXISTS).
   * @default "upsert"
   * @example "update"
   */
  mode?: string;
  /** The row holding the headers (default 1); every later non-empty row is a lead. */
  headerRow?: number;
  /** Sheet header → lead field (`phone`, `custom_fields.cpf`…), or '' to ignore the column. */
  mapping?: Record<string, string | null>;
  /** Pipeline (name or id) of NEW leads whose row has no Pipeline / Funil cell. */
  pipeline?: string | number;
  /** Stage (name or id) of NEW leads whose row has no Stage / Etapa cell. */
  stage?: string | number;
  /**
   * Check every row without changing the CRM: VALID (with whether it would create or update),
   * INVALID, DUPLICATE, NOT_FOUND, EXISTS. Reading which leads exist costs requests.
   */
  dryRun?: boolean;
  /**
   * What a row whose e-mail or phone belongs to another person's lead does: `mark` (default)
   * writes CONFLICT and sends nothing; `update` sends it anyway, for a person who knows.
   * @default "mark"
   */
  onConflict?: string;
  /**
   * The rows to import: `all` (default), `visible` (not hidden by a filter or by hand),
   * `selection` (the rows of the current selection) or sheet rows such as `"5:9,12"`. Other rows
   * are not read and keep their cells.
   * @default "all"
   */
  rows?: string;
}

/** The three reference lists, paced; a CRM refusal becomes an error that names the fix. */
function loadReference(settings: Settings, what: string): ReferenceData {
  const memo = referenceMemo.get();
  if (memo) return memo;
  try {
    const data = fetchReferenceData(
      clientFor(settings),
      startPacing(pacerFor(settings), appsScriptClock),
    );
    keepFreshReference(settings, data);
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
    throw codedError(
      `Row ${headerRow} of "${sheet.getName()}" is empty: headerRow must be the row with the column headers (Nome, E-mail, Telefone…).`,
      'headerRowEmpty',
      { row: headerRow, sheet: sheet.getName() },
    );
  }
  return values;
}

/**
 * Starts an import job: every non-empty row below `headerRow` is upserted (`POST
 * /leads/upsert` with `match_by`) as its `mode` allows; an existing lead gets only the row's
 * own cells (it keeps its pipeline, stage and name unless the sheet has a column for them),
 * and its status written in the CRM Import columns at the
 * right of the data (created when missing). The job runs in this execution as far as its time
 * allows and continues by trigger (or from the sidebar). Returns the job's summary
 * `{jobId, kind, state, total, done, counts, message}`.
 *
 * Bad options, unknown headers in `mapping`, or a header row no lead field can be read from
 * throw an Error that says what to fix, and nothing is written.
 */
export function crmImportLeads(options: ImportLeadsOptions): JobSummary {
  const rowsOption = splitRowsOption(options);
  const request = parseImportRequest(rowsOption.rest);
  const settings = requireSettings();
  const spreadsheet = currentSpreadsheet();
  const sheet = requireJobSheet(spreadsheet, request.sheet);
  const sheetId = sheet.getSheetId();
  const onSheet = { id: sheetId, name: request.sheet, jobName: 'Import' };
  // Checked again, atomically, when the job is created (startJob); this one fails fast.
  checkNoOtherJobOnSheet(everyJob(engineDeps().store), {
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
    t: translator(currentLocale()),
  });
  if (headerMap.columns.length === 0) {
    throw codedError(
      `No header in row ${request.headerRow} of "${request.sheet}" names a lead field (Nome, E-mail, Telefone, Empresa…); rename the headers or give a mapping such as {"Cliente": "name"}.`,
      'noLeadColumns',
      { sheet: request.sheet },
    );
  }
  // Pipeline, stage and country are checked against the CRM before anything is written.
  const locale = currentLocale();
  prepareContext({
    t: translator(locale),
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

  // The rows chosen, resolved before anything is written: a choice of no row writes nothing.
  const scoped = resolveRowScope(
    sheet,
    request.headerRow,
    rowsOption.choice,
    values,
    rowsOption.text,
  );
  const missing = missingStatusHeaders(headerMap);
  if (missing.length > 0) createSheetTable(sheet, request.headerRow).appendHeaders(missing);
  const statusIndexes = new Set(Object.values(headerMap.statusColumns));
  const total =
    scoped?.count ??
    values.rows.filter((row) => row.some((cell, i) => !statusIndexes.has(i) && !isBlankCell(cell)))
      .length;

  const { sheet: sheetName, ...rest } = request;
  const jobOptions: ImportJobOptions = {
    ...rest,
    sheetId,
    sheetName,
    locale,
    ...(scoped ? { rowScope: scoped.scope } : {}),
  };
  const t = translator(locale);
  return startJob({
    owner: ownerOf(settings),
    kind: IMPORT_JOB_KIND,
    options: jobOptions,
    total,
    statuses: IMPORT_ROW_STATUSES,
    message: t(request.dryRun ? 'import.job.dryQueued' : 'import.job.queued', { sheet: sheetName }),
    sheet: onSheet,
  });
}

export type ImportPreviewOptions = Pick<ImportLeadsOptions, 'sheet' | 'headerRow'>;

export interface ImportPreview {
  /**
   * Each column a person may map, in sheet order (the add-on's status columns left out), with
   * the target its header matches by itself in crmImportLeads' `mapping` form, '' for none.
   */
  columns: { column: string; header: string; target: string }[];
  /** The lead fields a column can go to; the sidebar names them in the person's words. */
  leadFields: LeadColumnField[];
  /** The account's active custom fields: `custom_fields.<name>` and the label people know. */
  customFields: { target: string; label: string }[];
}

/**
 * For the import sidebar: the header row's columns with the field each matches by itself, and
 * every field a column can be mapped to (lead fields, the account's custom fields), before
 * anything starts. Two columns matching one field are both listed, for the person to choose.
 */
export function uiPreviewImport(options: ImportPreviewOptions): ImportPreview {
  const request = parseImportRequest(options);
  const settings = requireSettings();
  const sheet = requireJobSheet(currentSpreadsheet(), request.sheet);
  const values = headerValues(sheet, request.headerRow);
  const reference = loadReference(settings, 'read the CRM fields');
  return {
    columns: automaticTargets(values.header, reference.customFields).map((c) => ({
      column: columnLetter(c.index),
      header: c.header,
      target: c.target ? targetName(c.target) : '',
    })),
    leadFields: [...LEAD_COLUMN_FIELDS],
    customFields: reference.customFields
      .filter((field) => field.is_active !== false)
      .map((field) => ({
        target: targetName({ kind: 'custom', field }),
        label: field.label?.trim() || field.name,
      })),
  };
}
