import type { JobSummary } from '../../core/jobs/record';
import { callServer } from '../shared/server';
import type { PushOptions } from './model';

/**
 * The push's own server functions (PRODUCT.md "Round trip"), as this sidebar calls them:
 * `crmPushChanges({sheet, preview, onConflict, rows})` and `crmRevertPush(runId, {preview})`,
 * each returning its job's summary.
 *
 * Until the push engine registers them in ui-call.ts's SIDEBAR_FUNCTIONS they are called by
 * name, untyped (uiCall answers that the sidebar is newer than the server); once registered,
 * these become typed callServer calls and a drift in their shapes breaks this build.
 */
type ByName = (name: string, ...args: unknown[]) => Promise<JobSummary>;
const call = callServer as unknown as ByName;

export interface PushServer {
  push(options: PushOptions & { preview?: boolean }): Promise<JobSummary>;
  revert(runId: string, options: { preview?: boolean }): Promise<JobSummary>;
}

export const pushServer: PushServer = {
  push: (options) => call('crmPushChanges', options),
  revert: (runId, options) => call('crmRevertPush', runId, options),
};
