import type { CrmClient } from '../api';
import { translator } from '../core/i18n';
import { JobPause } from '../core/jobs';
import type { Pacer } from '../core/pacing';
import type { Clock, KeyValueStore } from '../core/ports';
import type { Settings } from '../core/settings/settings';
import { currentLocale } from '../gas/locale';
import {
  clientFor,
  currentSpreadsheet,
  loadSettings,
  pacerFor,
  spreadsheetDataStore,
} from './context';

/** What job handlers need at step time; built once per execution, on first use. */
export interface JobEnv {
  settings: Settings;
  client: CrmClient;
  /** Build the pacer over the step's clock so pacing waits are not counted as work. */
  pacer(clock: Clock): Pacer;
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  timeZone: string;
  /**
   * What a handler keeps for this spreadsheet between executions (import memory, last sync):
   * reachable with or without an active document (see context.ts), unlike document properties.
   */
  dataStore: KeyValueStore;
}

export function lazyJobEnv(): () => JobEnv {
  let env: JobEnv | undefined;
  return () => {
    if (env) return env;
    const settings = loadSettings();
    if (!settings) {
      // Shown as the job's message: in the language of whoever runs it (each reader gets
      // their own, since it is one catalogue sentence).
      throw new JobPause(translator(currentLocale())('jobs.pause.noApiKey'));
    }
    // The active spreadsheet, or the one a background trigger opened by the job's stored id.
    const spreadsheet = currentSpreadsheet();
    env = {
      dataStore: spreadsheetDataStore(),
      settings,
      client: clientFor(settings),
      pacer: (clock) => pacerFor(settings, clock),
      spreadsheet,
      timeZone: spreadsheet.getSpreadsheetTimeZone(),
    };
    return env;
  };
}
