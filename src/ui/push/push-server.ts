import type { JobSummary } from '../../core/jobs/record';
import { callServer } from '../shared/server';
import type { PushOptions } from './model';

/**
 * The push's own server functions (PRODUCT.md "Round trip"), as this sidebar calls them:
 * `crmPushChanges({sheet, preview, onConflict, rows})` and `crmRevertPush(runId, {preview})`,
 * each returning its job's summary. Typed from ui-call.ts's list: a drift in their shapes
 * breaks this build, not a person's click.
 */
export interface PushServer {
  push(options: PushOptions & { preview?: boolean }): Promise<JobSummary>;
  revert(runId: string, options: { preview?: boolean }): Promise<JobSummary>;
}

export const pushServer: PushServer = {
  push: (options) => callServer('crmPushChanges', options),
  revert: (runId, options) => callServer('crmRevertPush', runId, options),
};
