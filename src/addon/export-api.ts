import { type CrmClient, CrmError, type CustomFieldDefinition } from '../api';
import { codedError } from '../core/errors';
import { jobErrorFor } from '../core/export/job/errors';
import { EXPORT_JOB_KIND, exportStatuses, FIRST_CURSOR } from '../core/export/job/job';
import {
  buildExportJobOptions,
  type ExportRequest,
  parseExportRequest,
  wantsCustomFields,
} from '../core/export/job/request';
import { readLastSync } from '../core/export/job/sync';
import { readRememberedQuery, refreshOptions, rememberQuery } from '../core/export/remembered';
import { EXPORT_SHEET_KEY } from '../core/export/target';
import { unpushedCells } from '../core/export/unpushed';
import { localeOf, translator } from '../core/i18n';
import { dateOrderOf } from '../core/import/normalize';
import { type JobSummary, messageOf } from '../core/jobs';
import { START_WAIT_MS } from '../core/jobs/requests';
import { type Pacer, withRateLimitRetry } from '../core/pacing';
import type { FilterLookups } from '../core/query/resolve';
import { needsLookups } from '../core/query/resolve';
import { openExportTarget } from '../gas/export-target';
import { currentLocale } from '../gas/locale';
import { readSheetMark } from '../gas/ownership';
import { pushMemorySheet } from '../gas/push-memory-sheet';
import { appsScriptClock } from '../gas/services';
import {
  clientFor,
  currentSpreadsheet,
  ownerOf,
  pacerFor,
  requireSettings,
  spreadsheetDataStore,
} from './context';
import { startJob } from './jobs-api';

export interface ExportLeadsOptions {
  sheet: string;
  filters?: Record<string, unknown>;
  columns?: string | string[];
  include?: string | string[];
  /**
   * `replace` (default): clear the sheet and write every lead. `sync`: update rows in place by
   * lead id and add new leads, reading only leads changed since the last sync.
   * @default "replace"
   */
  mode?: 'replace' | 'sync';
  /**
   * Sync only: what happens to rows whose lead was deleted in the CRM or no longer matches the
   * filters. `keep` leaves them; `mark` writes `GONE` in a `CRM Sync Status` column (cleared when
   * the lead comes back); `delete` deletes the row. `mark` and `delete` make the sync a full
   * pass: it reads every lead that matches (not only those changed since the last sync), so
   * `filters` must not hold `updated_since`.
   * @default "keep"
   * @example crmExportLeads({ sheet: 'Vendas', mode: 'sync', staleRows: 'mark' })
   */
  staleRows?: 'keep' | 'mark' | 'delete';
}

/**
 * Starts an export job and works on it in this execution as far as its time allows; the rest
 * continues by trigger (or from the sidebar). Returns the job's summary.
 * `sheet` is created when missing; `filters` are GET /leads parameters that also take names
 * (`pipeline`, `stage`, `owner`); `mode` is `replace` (default) or `sync`; `staleRows` (sync)
 * keeps, marks or deletes the rows of leads that are gone or no longer match.
 */
export function crmExportLeads(options: ExportLeadsOptions): JobSummary {
  const spreadsheet = currentSpreadsheet();
  const timeZone = spreadsheet.getSpreadsheetTimeZone();
  const request = parseExportRequest(options, {
    formatDate: (date) => Utilities.formatDate(date, timeZone, 'yyyy-MM-dd'),
    dateOrder: dateOrderOf(spreadsheet.getSpreadsheetLocale()),
  });
  const settings = requireSettings();
  const client = clientFor(settings);
  const pacer = pacerFor(settings);
  const startedAt = appsScriptClock.now();

  const lookups = loadLookups(request, client, pacer);
  const documentStore = spreadsheetDataStore();
  const jobOptions = buildExportJobOptions({
    request,
    lookups: lookups.filters,
    customFields: lookups.customFields,
    startedAt,
    sheetLocale: spreadsheet.getSpreadsheetLocale(),
    account: ownerOf(settings),
    // Only once every option has been checked: a mistake leaves no new empty sheet behind.
    sheet: (columns, headers) => {
      if (request.mode === 'replace') refuseUnpushedEdits(spreadsheet, request.sheet);
      const sheet = openExportTarget(spreadsheet, request.sheet, {
        mode: request.mode,
        columns,
        ...(headers === undefined ? {} : { headers }),
        query: rememberQuery(options as unknown as Record<string, unknown>),
        language: localeOf(spreadsheet.getSpreadsheetLocale()),
        staleRows: request.staleRows,
      });
      const sheetId = sheet.getSheetId();
      // A sheet emptied since its last sync gets every lead again, not only the changed ones.
      const hasRows = sheet.getLastRow() > 1;
      return {
        sheetId,
        lastSync: (scope) => (hasRows ? readLastSync(documentStore, sheetId, scope) : null),
      };
    },
  });

  return startJob({
    owner: ownerOf(settings),
    kind: EXPORT_JOB_KIND,
    options: jobOptions,
    cursor: FIRST_CURSOR,
    statuses: exportStatuses(jobOptions.mode, jobOptions.staleRows),
    message: translator(currentLocale())('export.queued', { sheet: jobOptions.sheetName }),
    // One export at a time per sheet: two would clear, append and delete each other's rows.
    sheet: { id: jobOptions.sheetId, name: jobOptions.sheetName, jobName: 'Export' },
  });
}

/**
 * A replace over an export sheet whose cells a person changed and has not pushed would
 * overwrite them with no word (issue #28): it refuses, before anything is written, naming the
 * sheet and how many cells, in the person's language. A sync or refresh keeps such cells.
 */
function refuseUnpushedEdits(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
): void {
  const sheet = spreadsheet.getSheetByName(name);
  if (sheet === null || readSheetMark(sheet, EXPORT_SHEET_KEY) === null) return;
  const rows = sheet.getLastRow();
  const width = sheet.getLastColumn();
  if (rows < 2 || width < 1) return;
  const memory = pushMemorySheet(spreadsheet, sheet.getSheetId()).load();
  if (memory === null || memory.rows.size === 0) return;
  const [header = [], ...data] = sheet.getRange(1, 1, rows, width).getValues();
  const count = unpushedCells({ header, rows: data }, memory);
  if (count === 0) return;
  const details = { sheet: name, count };
  throw codedError(
    translator(currentLocale())('ui.error.exportUnpushedEdits', details),
    'exportUnpushedEdits',
    details,
  );
}

/**
 * Runs again the export that wrote `sheet`, with the filters, columns and include its mark
 * remembers (core/export/remembered.ts): a sync in place (a replace when its columns leave out
 * the id). Returns the job's summary, as crmExportLeads does.
 * @example crmRefreshExport('Export')
 */
export function crmRefreshExport(sheet: string): JobSummary {
  const name = typeof sheet === 'string' ? sheet.trim() : '';
  const found = name === '' ? null : currentSpreadsheet().getSheetByName(name);
  if (found === null) {
    throw codedError(`No sheet is named "${name}"; pick another one.`, 'sheetNotFound', {
      sheet: name,
    });
  }
  const query = readRememberedQuery(readSheetMark(found, EXPORT_SHEET_KEY));
  return crmExportLeads(refreshOptions(name, query) as ExportLeadsOptions);
}

/** The query an export sheet remembers (the Export sidebar opens on it); null for any other sheet. */
export function rememberedExportQuery(sheet: GoogleAppsScript.Spreadsheet.Sheet) {
  return readRememberedQuery(readSheetMark(sheet, EXPORT_SHEET_KEY));
}

interface StartLookups {
  filters: FilterLookups;
  customFields: CustomFieldDefinition[] | undefined;
}

/** The few reference lists the options need (names → ids, custom field types), paced. */
function loadLookups(request: ExportRequest, client: CrmClient, pacer: Pacer): StartLookups {
  const needs = needsLookups(request.filters);
  const filters: FilterLookups = {};
  if (needs.pipelines) {
    filters.pipelines = paced(pacer, 'the pipelines', () => client.pipelines.list().pipelines);
  }
  if (needs.users) filters.users = paced(pacer, 'the users', () => client.users.list());
  const customFields = wantsCustomFields(request.columns)
    ? paced(pacer, 'the custom fields', () => client.customFields.list())
    : undefined;
  return { filters, customFields };
}

function paced<T>(pacer: Pacer, what: string, request: () => T): T {
  try {
    return withRateLimitRetry(pacer, request, {
      deadline: appsScriptClock.now() + START_WAIT_MS,
    });
  } catch (error) {
    if (
      !(error instanceof CrmError) &&
      (error as { jobControl?: unknown })?.jobControl === undefined
    )
      throw error;
    // The CRM's answer stays reachable (the code's `error`), for a sidebar's words.
    throw codedError(
      `Could not start the export: ${messageOf(jobErrorFor(error, pacer, what))}`,
      'exportStartFailed',
      undefined,
      error,
    );
  }
}
