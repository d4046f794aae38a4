import type { JobServer } from './job-driver';
import { callServer } from './server';

/** The driver's server calls, bound to the add-on's functions by name (type-checked). */
export const jobServer: JobServer = {
  continueJob: (jobId) => callServer('uiContinueJob', jobId),
  getJob: (jobId) => callServer('crmGetJob', jobId),
  pauseJob: (jobId) => callServer('uiPauseJob', jobId),
  cancelJob: (jobId) => callServer('crmCancelJob', jobId),
  // Resumes without running a slice, so a click after it is not queued behind minutes of work.
  resumeJob: (jobId) => callServer('uiResumeJob', jobId),
};
