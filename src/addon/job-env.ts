import type { CrmClient } from '../api';
import { JobPause } from '../core/jobs';
import type { Pacer } from '../core/pacing';
import type { Clock } from '../core/ports';
import type { Settings } from '../core/settings/settings';
import { clientFor, loadSettings, pacerFor } from './context';

/** What job handlers need at step time; built once per execution, on first use. */
export interface JobEnv {
  settings: Settings;
  client: CrmClient;
  /** Build the pacer over the step's clock so pacing waits are not counted as work. */
  pacer(clock: Clock): Pacer;
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  timeZone: string;
}

export function lazyJobEnv(): () => JobEnv {
  let env: JobEnv | undefined;
  return () => {
    if (env) return env;
    const settings = loadSettings();
    if (!settings) {
      throw new JobPause(
        'No CRM API key is set for the user running this job: open CRM → Settings, save a key, then resume the job.',
      );
    }
    const spreadsheet = SpreadsheetApp.getActive();
    env = {
      settings,
      client: clientFor(settings),
      pacer: (clock) => pacerFor(settings, clock),
      spreadsheet,
      timeZone: spreadsheet.getSpreadsheetTimeZone(),
    };
    return env;
  };
}
