/**
 * What every sidebar opens on (issue 29.2): the active sheet, with that sheet's last settings.
 * The lead column Send and Lead actions offer comes from one memory per sheet
 * (core/settings/sheet-memory.ts), the Export sidebar's query from the export's own mark
 * (core/export/remembered.ts), and its Funil / Etapa / Responsável pickers from the account.
 */
import { codedError } from '../core/errors';
import type { RememberedQuery } from '../core/export/remembered';
import { EXPORT_SHEET_KEY } from '../core/export/target';
import { START_WAIT_MS } from '../core/jobs/requests';
import { withRateLimitRetry } from '../core/pacing';
import {
  readSheetMemory,
  rememberedLeadColumn,
  rememberSheet,
  type SheetMemory,
} from '../core/settings/sheet-memory';
import { readSheetMark } from '../gas/ownership';
import { appsScriptClock } from '../gas/services';
import {
  clientFor,
  currentSpreadsheet,
  loadSettings,
  pacerFor,
  personSidebarStore,
} from './context';
import { rememberedExportQuery } from './export-api';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

function sheetNamed(name: unknown): Sheet {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  const found = trimmed === '' ? null : currentSpreadsheet().getSheetByName(trimmed);
  if (found === null) {
    throw codedError(`No sheet is named "${trimmed}"; pick another one.`, 'sheetNotFound', {
      sheet: trimmed,
    });
  }
  return found;
}

/** Keeps a sidebar's choice for a sheet (`{lead: "column:ID"}`), for every sidebar opened on it. */
export function uiRememberSheet(sheet: string, patch: SheetMemory): SheetMemory {
  return rememberSheet(personSidebarStore(), sheetNamed(sheet).getSheetId(), patch);
}

/**
 * The lead id column a sidebar offers first on `sheet`: the one last chosen there (by any
 * sidebar), else `fallback`, the shared default.
 */
export function leadColumnFor(
  sheet: Sheet,
  headers: readonly string[],
  fallback: string | null,
): string | null {
  return rememberedLeadColumn(
    readSheetMemory(personSidebarStore(), sheet.getSheetId()),
    headers,
    fallback,
  );
}

export interface ExportSetup {
  /** The sheet the sidebar opens on: the active one when an export may write it, else "Export". */
  sheet: string;
  /** The query that sheet's export remembers; null when none. */
  query: RememberedQuery | null;
  /** The account's pipelines with their stages, for the Funil / Etapa lists. */
  pipelines: { name: string; stages: string[] }[];
  /** The account's users' names, for the Responsável list. */
  owners: string[];
}

/** What the Export sidebar opens on. The lists are empty when the CRM cannot be asked. */
export function uiExportSetup(): ExportSetup {
  const active = currentSpreadsheet().getActiveSheet();
  const marked = readSheetMark(active, EXPORT_SHEET_KEY) !== null;
  const empty = active.getLastRow() === 0;
  return {
    sheet: marked || empty ? active.getName() : 'Export',
    query: marked ? rememberedExportQuery(active) : null,
    ...accountLists(),
  };
}

function accountLists(): Pick<ExportSetup, 'pipelines' | 'owners'> {
  const settings = loadSettings();
  if (settings === null) return { pipelines: [], owners: [] };
  const client = clientFor(settings);
  const pacer = pacerFor(settings);
  const paced = <T>(send: () => T): T =>
    withRateLimitRetry(pacer, send, { deadline: appsScriptClock.now() + START_WAIT_MS });
  try {
    const pipelines = paced(() => client.pipelines.list().pipelines);
    const users = paced(() => client.users.list());
    return {
      pipelines: pipelines.map((p) => ({ name: p.name, stages: p.stages.map((s) => s.name) })),
      owners: users.map((user) => user.name).filter((name): name is string => !!name),
    };
  } catch {
    // Only pickers: the export still takes the names typed in its options.
    return { pipelines: [], owners: [] };
  }
}
