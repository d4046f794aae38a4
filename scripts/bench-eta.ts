/**
 * What the progress ETA tells a person about to close the panel (issue 19), for a send of
 * 1,000 rows just started, in both deployments: the rate each one keeps with no sidebar open
 * (JobSummary.unattendedRequestsPerHour, set in src/addon/context.ts) against the open panel's.
 */
import type { JobSummary } from '../src/core/jobs/record';
import { describeProgress } from '../src/ui/shared/progress-model';
import { EN_WORDS } from '../test/e2e/ui-words';

/** The figures src/addon/context.ts gives each deployment (UNATTENDED_REQUESTS_PER_HOUR). */
const DEPLOYMENTS = [
  { deployment: 'published add-on (one 4.5-minute slice an hour)', perHour: 270 },
  { deployment: 'bound script (trigger chain, about 52 a minute)', perHour: 52 * 60 },
];

export function benchEta(rows = 1_000): Array<{ deployment: string; eta: string }> {
  return DEPLOYMENTS.map(({ deployment, perHour }) => {
    const summary: JobSummary = {
      jobId: 'job-bench',
      kind: 'send',
      state: 'running',
      total: rows,
      done: 0,
      counts: {},
      message: '',
      unattendedRequestsPerHour: perHour,
    };
    return { deployment, eta: describeProgress(summary, EN_WORDS).eta };
  });
}
