/** English: the lead actions job's details (CRM Action Detail), messages and start errors. */
export const LEADJOB_EN = {
  'leadjob.detail.notFound': 'No CRM lead has this id, e-mail or phone.',
  'leadjob.detail.noId':
    'The row has no lead id: fill the lead id column, or remove the column to find leads by e-mail or phone.',
  'leadjob.detail.noMatchKey': 'The row has no e-mail or phone to find its lead by.',
  'leadjob.detail.ambiguous':
    'Several CRM leads ({ids}) have this e-mail or phone: put the lead id in a column and pass it as leadIdColumn.',
  'leadjob.detail.searchTooBroad':
    'The CRM search for this e-mail or phone matched more leads than one answer holds, so the lead cannot be told apart; put the lead id in a column and pass it as leadIdColumn.',
  'leadjob.detail.alreadyGone': 'Already gone: the CRM has no lead with this id.',
  'leadjob.detail.goneNow': 'The lead was deleted in the CRM meanwhile.',
  'leadjob.detail.blocked':
    'Blocked: the stage has mandatory pending tasks ({tasks}). Complete them in the CRM, then run again. ({message})',
  'leadjob.detail.windowClosed':
    'Window closed: the 24-hour chat window is over; send a template instead (CRM → Send template).',
  'leadjob.detail.noAnswer': 'The CRM gave no answer ({message}).',
  'leadjob.detail.confirmed': '(confirmed by reading the lead back after a lost answer)',
  'leadjob.detail.uncertain':
    'Uncertain: the request may or may not have reached the CRM, and reading the lead back could not tell ({reason}). Check the lead in the CRM before running it again.',
  'leadjob.words.delete': 'delete "{name}" (#{id})',
  'leadjob.words.alreadyIn': 'already in {stage}',
  'leadjob.words.hasTags': 'already has every tag',
  'leadjob.words.lacksTags': 'has none of the tags',
  'leadjob.words.active': 'active',
  'leadjob.words.inactive': 'inactive',
  'leadjob.words.enrolled': 'already enrolled in {sequence}',
  'leadjob.words.notEnrolled': 'not enrolled in {sequence}',
  'leadjob.fail.noPipeline': 'No pipeline is named "{name}".',
  'leadjob.fail.noStageGiven': 'No stage is given for this row.',
  'leadjob.fail.noStage': 'No stage "{name}" in pipeline {pipeline}.',
  'leadjob.fail.noWonStage':
    'Pipeline {pipeline} has {count} won stages: name the stage (params.stage).',
  'leadjob.fail.noLostStage':
    'Pipeline {pipeline} has {count} lost stages: name the stage (params.stage).',
  'leadjob.fail.notWonStage':
    '{stage} is not a won stage (A etapa informada não é uma etapa de ganho.).',
  'leadjob.fail.notLostStage': '{stage} is not a lost stage.',
  'leadjob.fail.badValue': 'The value {reason}.',
  'leadjob.fail.noReason': 'No lost reason is named "{name}".',
  'leadjob.fail.noTags': 'No tag is given for this row.',
  'leadjob.fail.noSequenceGiven': 'No sequence is given for this row.',
  'leadjob.fail.noSequence': 'No sequence is named "{name}".',
  'leadjob.fail.inactiveSequence':
    'Sequence {sequence} is inactive: only active sequences take leads.',
  'leadjob.fail.errorCell':
    'The cell of column “{column}” shows the error {value}, not a value: fix its formula or type the value.',
  'leadjob.fail.loadingCell':
    'The cell of column “{column}” shows {value}: its formula has not answered yet; run again once it shows a value.',
  'leadjob.fail.emptyCell': 'The cell of column “{column}” is empty.',
  'leadjob.fail.emptyPlaceholder':
    'The cell of column “{column}” is empty: the message would go out with a gap.',
  'leadjob.fail.pendingTasks':
    'Blocked: {stage} has mandatory tasks still pending ({tasks}). Complete them in the CRM, then run again.',
  'leadjob.words.mayBlock':
    '(may be blocked by pending tasks: {tasks}; the stage’s mandatory tasks could not be read)',
  'leadjob.fail.emptyText': 'The message text is empty for this row.',
  'leadjob.fail.noPhone': 'The lead has no phone (Lead sem telefone cadastrado.).',
  'leadjob.revert.messageStays': 'Cannot be undone: the message stays sent.',
  'leadjob.revert.deleteStays': 'Cannot be undone: the deleted lead is only in the backup sheet.',
  'leadjob.revert.unenrollStays': 'Cannot be undone: the enrollment stays a manual exit.',
  'leadjob.revert.intoWon':
    'Cannot be undone: moving the lead back into {stage}, a won stage, would record a new sale in the CRM.',
  'leadjob.revert.intoLost':
    'Cannot be undone: moving the lead back into {stage}, a lost stage, would record a new loss in the CRM.',
  'leadjob.revert.nothing': 'Already as before the run.',
  'leadjob.revert.changed': 'Changed since the run (now: {now}); left as it is.',
  'leadjob.revert.saleStays': '(the sale record stays in the CRM)',
  'leadjob.revert.lossStays': '(the loss record stays in the CRM)',
  'leadjob.revert.notEnrolledNow': 'no longer enrolled',
  'leadjob.revert.unenroll': 'leaves the sequence (its enrollment becomes a manual exit)',
  'leadjob.message.sheetGone': 'The sheet "{sheet}" was deleted; the job cannot go on.',
  'leadjob.message.progress': 'Lead actions ({action}): {done} of {total} rows.',
  'leadjob.message.finished': 'Lead actions ({action}) on "{sheet}" finished: {parts}.',
  'leadjob.message.previewed':
    'Preview of lead actions ({action}) on "{sheet}": {parts}. Nothing was changed in the CRM.',
  'leadjob.message.queued': 'Lead actions ({action}) on "{sheet}" queued.',
  'leadjob.message.revertProgress': 'Revert of {runId}: {done} of {total} rows.',
  'leadjob.message.reverted': 'Revert of {runId} finished: {parts}.',
  'leadjob.message.revertPreviewed':
    'Preview of the revert of {runId}: {parts}. Nothing was changed in the CRM.',
  'leadjob.detail.sameLead': 'Same lead (#{id}) as the row of {key}: a run acts on each lead once.',
  'leadjob.detail.cancelled':
    "Not done: job {jobId} was cancelled before this row's turn. Nothing was sent for it; run the action again to do it.",
  'leadjob.detail.cancelledNotArrived':
    'Not done: job {jobId} was cancelled, and reading the lead back showed its request never arrived. Nothing was sent for it; run the action again to do it.',
  'leadjob.detail.cancelledPart':
    "Partly done: job {jobId} was cancelled before the rest of this row's changes were sent. Run the action again to finish it.",
  'leadjob.detail.notPreviewedAdded':
    'Not previewed: this row came after the preview (or the delete count), so nothing was sent for it. Preview again to include it.',
  'leadjob.detail.notPreviewedChanged':
    'Not previewed: the row was edited after the preview, so nothing was sent for it. Preview again to act on it.',
  'leadjob.detail.notPreviewedLead':
    'Not previewed: the row now names lead #{id}, not #{planned} as the preview showed, so nothing was sent for it.',
  'leadjob.detail.previewFailed':
    'Skipped: the preview found this row would fail (see its detail there), so nothing was sent for it. Preview again to include it.',
  'leadjob.detail.notPreviewedStays':
    'Not previewed: the preview showed no change for this row, and the lead changed since ({change}), so nothing was sent for it. Preview again to include it.',
  // Issue 29.8: an action named in a job's messages, in words (never `won`, `addTags`).
  'leadjob.action.stage': 'move to a stage',
  'leadjob.action.won': 'mark as won',
  'leadjob.action.lost': 'mark as lost',
  'leadjob.action.addTags': 'add tags',
  'leadjob.action.removeTags': 'remove tags',
  'leadjob.action.enroll': 'enroll in a sequence',
  'leadjob.action.unenroll': 'take out of a sequence',
  'leadjob.action.message': 'send a text message',
  'leadjob.action.delete': 'delete leads',
  // Opt-out (PRODUCT.md "Opt-out").
  'leadjob.fail.optedOut':
    'Not messaged: the lead asked not to be messaged (it carries the opt-out tag "{tag}" set in Settings).',
  // A row repeating another row's key and cells (a copy): kind.ts copyCells.
  'leadjob.detail.copyPreview':
    "Won't be done: this row repeats row {row} (same lead, same cells); a run acts on each lead once, and row {row} says what happens to it.",
  'leadjob.detail.copyNotPreviewed':
    'Not previewed: this row repeats row {row} (same lead, same cells), which the preview showed; nothing was sent for this row, and row {row} says what happened to the lead.',
  'leadjob.detail.copySkipped':
    'Skipped: this row repeats row {row} (same lead, same cells); a run acts on each lead once, and row {row} says what happened to it.',
} as const;
