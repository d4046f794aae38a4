import type { JobHandler } from '../core/jobs';
import { exportJobHandler } from './export-api';
import { importJobHandler } from './import-api';
import { lazyJobEnv } from './job-env';
import { sendJobHandler } from './send-api';

/**
 * Every job kind the add-on runs. One line per kind: each feature registers its handler here.
 */
export function jobHandlers(): JobHandler[] {
  const env = lazyJobEnv();
  void env;
  return [exportJobHandler(env), importJobHandler(env), sendJobHandler(env)];
}
