/** English: job messages and pause reasons (the person who started the job reads them). */
export const JOBS_EN = {
  'jobs.waitDailyQuota':
    'Waiting: Apps Script’s daily quota for this Google account is used up ("{reason}"). The job goes on by itself after {time}; rows not sent yet keep their status.',
  'jobs.waitBurstQuota':
    'Waiting a minute: Apps Script refused more calls for now ("{reason}"). The job goes on by itself; no row was marked for it.',
  'jobs.waitStorageFull':
    'Waiting: the add-on’s storage for this Google account is full ("{reason}"). Old finished jobs are being removed; the job goes on by itself.',
  'jobs.pausedAllowlist':
    'Paused: Apps Script refused to call the CRM’s address ("{reason}"). The add-on’s URL allow-list must include the CRM’s base URL: ask whoever published the add-on (or your Google Workspace admin), then resume the job.',
  'jobs.pausedFromSidebar': 'Paused from the sidebar.',
  'jobs.pausedByOther': 'Paused by {who}.',
  'jobs.resumed': 'Resumed.',
  'jobs.otherAccountKey':
    'Paused: the CRM key saved now belongs to another CRM account than the one this job started with. Save a key of that account in CRM → Settings, then resume the job.',
  'jobs.noKey':
    'Paused: no CRM API key is saved for the person who started this job. They open CRM → Settings, save a key, then resume the job.',
  'jobs.backgroundFailure': 'The background run failed: {reason}',
  'jobs.storeMadeRoom':
    'To make room, {count} old finished {count:job was|jobs were} removed from the list.',
  'jobs.you': 'you',
  'jobs.anotherEditor': 'another editor',
  'jobs.cancelled': 'Cancelled; rows already processed keep their status.',
} as const;
