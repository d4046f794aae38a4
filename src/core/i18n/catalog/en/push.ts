/** English: the push's details (CRM Push Detail) and messages (PRODUCT.md "Round trip"). */
export const PUSH_EN = {
  'push.words.empty': '(empty)',
  'push.words.yes': 'yes',
  'push.words.no': 'no',
  'push.words.readOnly': '{column}: the CRM sets this column, a push cannot change it (skipped)',
  'push.words.emptied':
    '{column}: emptied in the sheet, but the CRM cannot empty a field through its API; it keeps {crm} (skipped)',
  'push.words.conflict':
    '{column}: you wrote {sheet}, but the CRM changed it to {crm} since the export (which had {before})',
  'push.words.conflictSent': 'sent anyway (onConflict "sheet"): {conflict}',
  'push.words.already': 'The CRM already holds these values: nothing to send.',
  'push.words.emailAndPhone':
    'E-mail and phone both changed: the CRM finds the lead by one to change the other. Push the e-mail first, then the phone.',
  'push.words.noKey':
    'The lead has no e-mail or phone in the CRM to send its fields by (a new e-mail needs the lead’s phone, a new phone its e-mail): nothing was sent.',
  'push.words.keyUnknown':
    'Could not check that the lead’s e-mail or phone names this lead alone: nothing was sent. Push again.',
  'push.words.keyShared':
    'Other CRM leads ({ids}) also hold the lead’s {key}: its fields could reach the wrong lead, so nothing was sent.',
  'push.detail.notFound': 'The lead was deleted in the CRM since the export: nothing was sent.',
  'push.detail.otherLead':
    'The CRM applied the change to lead #{id}, not this row’s lead: check both leads in the CRM.',
  'push.detail.noId':
    'The row has no lead id: it was not written by the export, so nothing is pushed.',
  'push.detail.notExported':
    'Lead #{id} is not one the export wrote here (nothing is remembered for it): export again to push it.',
  'push.detail.untouched': 'Unchanged since the export: nothing to send.',
  'push.detail.cancelled':
    "Not pushed: job {jobId} was cancelled before this row's turn. Nothing was sent for it; push again to send it.",
  'push.detail.cancelledNotArrived':
    'Not pushed: job {jobId} was cancelled, and reading the lead back showed its request never arrived. Push again to send it.',
  'push.detail.cancelledPart':
    "Partly pushed: job {jobId} was cancelled before the rest of this row's changes were sent. Push again to finish it.",
  'push.detail.notPreviewedAdded':
    'Not previewed: this row came after the preview, so nothing was sent for it. Preview again to include it.',
  'push.detail.notPreviewedChanged':
    'Not previewed: the row was edited after the preview, so nothing was sent for it. Preview again to push it.',
  'push.detail.notPreviewedStays':
    'Not previewed: the preview showed no change for this row, and the lead changed since ({change}), so nothing was sent for it. Preview again to include it.',
  'push.revert.wasEmpty': '{column} was empty before the push, and the CRM cannot empty a field',
  'push.message.noMemory':
    'The sheet "{sheet}" has no export memory: export into it (CRM → Export leads), edit it, then push.',
  'push.message.noIdColumn':
    'The sheet "{sheet}" has no lead id column: the push finds each row’s lead by it. Put the export’s ID column back.',
  'push.message.progress': 'Pushing "{sheet}": {done} of {total} rows.',
  'push.message.previewed': 'Push preview of "{sheet}": {parts}.',
  'push.message.finished': 'Pushed "{sheet}": {parts}.',
  'push.message.queued': 'Push of "{sheet}" queued.',
  'push.export.keptRow':
    'Kept your change, not pushed yet: {columns}. The sync did not write the CRM’s value over it; push to send yours.',
  'ui.jobs.kind.push': 'Push',
  'ui.jobs.kind.pushRevert': 'Revert of a push',
  'ui.error.badPushOptions':
    'The push was asked with options it does not take. Open CRM → Push again and start it from there.',
  'ui.error.pushNothingRemembered':
    '“{sheet}” was not written by an export, so nothing tells what changed: export into it (CRM → Export leads), edit it, then push.',
  'ui.error.pushNoIdColumn':
    '“{sheet}” has no lead ID column: the push finds each row’s lead by it. Put the export’s ID column back.',
  // Push: two rows naming one lead.
  'push.detail.twinRows':
    'Rows {rows} all name lead #{id} with different cells (an ID typed over another, or a row copied and edited): which one is the lead’s cannot be told, so nothing of them is sent. Keep one row per lead, then push again.',
  // Push: a row whose ID was changed.
  'push.detail.idChanged':
    'This row holds lead #{other}’s cells exactly as the export wrote them, under the ID {id}: its ID was changed (the ID column sorted alone, or an id typed over), so nothing is sent. Put the row’s own ID back, then push again.',
} as const;
