import {
  createLeadActionsJobHandler,
  createRevertJobHandler,
  type LeadActionsEnv,
} from '../core/actions/job';
import { createExportJobHandler, type ExportEnv } from '../core/export/job/job';
import { createImportJobHandler, type ImportJobEnv } from '../core/import/job/job';
import { dateOrderOf, decimalMarkOf } from '../core/import/normalize';
import type { JobHandler } from '../core/jobs';
import { builtOnce } from '../core/jobs/row-job';
import { createPushJobHandler, createPushRevertJobHandler, type PushEnv } from '../core/push/job';
import { createSendJobHandler, type SendJobEnv } from '../core/send/job';
import { DEFAULT_COUNTRY } from '../core/settings/settings';
import { appendToBackup } from '../gas/backup-sheet';
import { createPipelineSheet } from '../gas/pipeline-sheet';
import { pushMemorySheet } from '../gas/push-memory-sheet';
import { sendRecordSheet } from '../gas/send-record-sheet';
import { createSendSheet } from '../gas/send-sheet';
import { createSheetTable, findSheetById } from '../gas/sheet-table';
import { openExportSheet, zonedMidnightMaker } from '../gas/sheet-writer';
import { sendRecordExclusion } from './context';
import { type JobEnv, lazyJobEnv } from './job-env';
import { STORE_NEARLY_FULL_BYTES, storeBytes } from './job-store-budget';
import { optOutTagsHere } from './opt-out-tags';
import { sharedReferenceMemo } from './reference-memo';

/**
 * Every job kind the add-on runs, each handler built over Apps Script services. They live here,
 * not beside their start functions (`*-api.ts`), because the start functions drive jobs
 * (jobs-api.ts), which needs these handlers: one way only, no import cycle.
 */
export function jobHandlers(): JobHandler[] {
  const env = lazyJobEnv();
  const actions = leadActionsEnv(env);
  const push = pushEnv(env);
  return [
    exportJobHandler(env),
    importJobHandler(env),
    sendJobHandler(env),
    createLeadActionsJobHandler(actions),
    createRevertJobHandler(actions),
    createPushJobHandler(push),
    createPushRevertJobHandler(push),
  ];
}

/** The `import` job handler over Apps Script services. */
function importJobHandler(env: () => JobEnv): JobHandler {
  return createImportJobHandler(
    builtOnce((): ImportJobEnv => {
      const base = env();
      return {
        client: base.client,
        pacer: base.pacer,
        store: base.dataStore,
        defaultCountry: base.settings.defaultCountry || DEFAULT_COUNTRY,
        formatDate: (date) => Utilities.formatDate(date, base.timeZone, 'yyyy-MM-dd'),
        decimalMark: decimalMarkOf(base.spreadsheet.getSpreadsheetLocale()),
        dateOrder: dateOrderOf(base.spreadsheet.getSpreadsheetLocale()),
        openTable: (sheetId, headerRow) => {
          const sheet = findSheetById(base.spreadsheet, sheetId);
          return sheet ? createSheetTable(sheet, headerRow) : null;
        },
        referenceMemo: sharedReferenceMemo(base.settings),
        // The memory's saves during a long job stay below the store's mark, leaving the rest
        // of the person's 500 KB to job checkpoints (job-store-budget.ts).
        memoryRoom: () => STORE_NEARLY_FULL_BYTES - storeBytes(),
      };
    }),
  );
}

/** The `export` job handler over Apps Script services */
function exportJobHandler(env: () => JobEnv): JobHandler {
  return createExportJobHandler(
    builtOnce((): ExportEnv => {
      const base = env();
      return {
        listLeads: (filters) => base.client.leads.list(filters),
        listLeadPages: (queries) =>
          base.client.all(queries.map((query) => (api) => api.leads.list(query))),
        pacer: base.pacer,
        openSheet: (target) => openExportSheet(base.spreadsheet, target),
        makeDate: zonedMidnightMaker(base.timeZone),
        documentStore: base.dataStore,
        memory: (sheetId) => pushMemorySheet(base.spreadsheet, sheetId),
      };
    }),
  );
}

/** The `send` job handler over Apps Script services */
function sendJobHandler(env: () => JobEnv): JobHandler {
  return createSendJobHandler(
    builtOnce((): SendJobEnv => {
      const base = env();
      return {
        client: base.client,
        pacer: base.pacer,
        defaultCountry: base.settings.defaultCountry || DEFAULT_COUNTRY,
        optOutTags: optOutTagsHere(base.settings, base.spreadsheet, 'job'),
        openSheet: (sheetId, headerRow) => {
          const sheet = findSheetById(base.spreadsheet, sheetId);
          return sheet ? createSendSheet(sheet, headerRow) : null;
        },
        record: sendRecordSheet(base.spreadsheet, () => sendRecordExclusion(base.spreadsheet)),
        store: base.dataStore,
      };
    }),
  );
}

/** The lead actions and revert handlers' environment over Apps Script services. */
function leadActionsEnv(env: () => JobEnv): () => LeadActionsEnv {
  return builtOnce((): LeadActionsEnv => {
    const base = env();
    return {
      client: base.client,
      pacer: base.pacer,
      store: base.dataStore,
      openSheet: (sheetId, headerRow) => {
        const sheet = findSheetById(base.spreadsheet, sheetId);
        return sheet ? createPipelineSheet(sheet, headerRow) : null;
      },
      backup: (name, leads) => appendToBackup(base.spreadsheet, name, leads),
      optOutTags: () => optOutTagsHere(base.settings, base.spreadsheet, 'job'),
      decimalMark: decimalMarkOf(base.spreadsheet.getSpreadsheetLocale()),
    };
  });
}

/** The push and its revert's environment over Apps Script services. */
function pushEnv(env: () => JobEnv): () => PushEnv {
  return builtOnce((): PushEnv => {
    const base = env();
    return {
      client: base.client,
      pacer: base.pacer,
      store: base.dataStore,
      openSheet: (sheetId, headerRow) => {
        const sheet = findSheetById(base.spreadsheet, sheetId);
        return sheet ? createPipelineSheet(sheet, headerRow) : null;
      },
      memory: (sheetId) => pushMemorySheet(base.spreadsheet, sheetId),
      makeDate: zonedMidnightMaker(base.timeZone),
      formatDate: (date) => Utilities.formatDate(date, base.timeZone, 'yyyy-MM-dd'),
      decimalMark: decimalMarkOf(base.spreadsheet.getSpreadsheetLocale()),
      dateOrder: dateOrderOf(base.spreadsheet.getSpreadsheetLocale()),
    };
  });
}
