/**
 * English: what each row status means (issue 18.2: the values stay as the contract names them,
 * the sidebars and Help explain them in the person's language). Short: shown beside counts.
 */
export const STATUSES_EN = {
  'ui.status.title': 'What the statuses mean',
  'ui.status.importGroup': 'Import (CRM Import Status)',
  'ui.status.sendGroup': 'Send (CRM Send Status)',
  'ui.status.exportGroup': 'Export sync (CRM Sync Status)',
  'ui.status.VALID': 'dry run: would be sent',
  'ui.status.CREATED': 'new lead created',
  'ui.status.UPDATED': 'existing lead updated',
  'ui.status.UNCHANGED': 'same as the last import: not sent',
  'ui.status.DUPLICATE': 'same e-mail or phone as an earlier row',
  'ui.status.INVALID': 'cannot be sent: the detail says why',
  'ui.status.CONFLICT': "matches another person's lead: not sent",
  'ui.status.NOT_FOUND': 'no lead in the CRM has this e-mail or phone',
  'ui.status.EXISTS': 'a lead already has this e-mail or phone',
  'ui.status.FAILED': 'the CRM or provider failed: the detail says why',
  'ui.status.QUEUED': 'waiting to be sent',
  'ui.status.SENDING': 'leaving now',
  'ui.status.SENT': 'sent; never sent again',
  'ui.status.SKIPPED': 'not sent: the detail says why',
  'ui.status.UNCERTAIN': 'may have been sent: check it, then clear the status',
  'ui.status.GONE': 'the lead was deleted or no longer matches',
  'ui.status.DONE': 'done',
  'ui.status.NO_CHANGE': 'already so: nothing to change',
  'ui.status.BLOCKED': 'blocked by pending tasks',
  'ui.status.WILL_CHANGE': 'preview: would change',
  'ui.status.WILL_FAIL': 'preview: would fail',
  'ui.status.REVERTED': 'put back as it was',
  'ui.status.CHANGED_SINCE': 'changed since: left as it is',
  'ui.status.NOT_REVERSIBLE': 'cannot be undone',
  // Issue 29.7: what an export's counts mean (its words, not the import's), for its progress
  // and Help; `ui.status.export.<STATUS>` is looked up before `ui.status.<STATUS>`.
  'ui.status.export.WRITTEN': 'row written by Replace, as the lead is in the CRM now',
  'ui.status.export.UPDATED': 'row rewritten with the lead’s changes in the CRM',
  'ui.status.export.ADDED': 'new lead: row added at the end',
  'ui.status.export.UNCHANGED': 'the lead has not changed since the last sync: row left as it is',
  'ui.status.export.GONE':
    '“Mark them GONE”: the lead was deleted or no longer matches the filters; the row stays, marked',
  'ui.status.export.DELETED': 'row deleted: the lead was deleted or no longer matches the filters',
} as const;
