/**
 * English: the Lead actions sidebar (`ui.actions.*`), its menu item and title, its Help section,
 * and its job kinds in the Jobs sidebar. Status values (WILL_CHANGE, DONE, REVERTED…) and status
 * column headers (CRM Action Status…) are the public contract: never translated. Help entries
 * are HTML (only <b>, <i> and <code>).
 */
export const ACTIONS_EN = {
  'menu.actions': 'Lead actions',
  'menu.title.actions': 'CRM · Lead actions',

  'help.actions.title': 'Lead actions',
  'help.actions.text':
    'Changes leads that are already in the CRM, one action for every row of a sheet: move to a stage, mark won or lost, add or remove tags, enroll in or remove from a sequence, send a text message, or delete. Each row names its lead by <b>CRM Lead ID</b> (or e-mail / phone). Parameters are fixed or taken from a column; a message takes <code>{{Nome}}</code>-style placeholders from the row.',
  'help.actions.preview':
    'The sidebar always previews first and changes nothing: <b>WILL_CHANGE</b> (the detail says before → after, e.g. Qualificado → Proposta), <b>NO_CHANGE</b> (already so), <b>WILL_FAIL</b> (why) or <b>NOT_FOUND</b>, with the requests and the time the run will take at 60 a minute.',
  'help.actions.statuses':
    'Results go to <b>CRM Action Status</b>, CRM Action Detail, CRM Action At and <b>CRM Action Run</b> (the run id). Run statuses: <b>DONE</b>; <b>NO_CHANGE</b> (already so: no request); <b>NOT_FOUND</b> (no such lead); <b>BLOCKED</b> (the stage has mandatory tasks pending: the detail names them); <b>SKIPPED</b> (a rule the CRM would refuse, such as an inactive sequence, no phone, or the 24-hour chat window closed); <b>FAILED</b>; <b>UNCERTAIN</b> (the CRM did not answer whether it was done: it is never repeated blindly, the job reads the lead back first); <b>NOT_PREVIEWED</b> (the row was added or edited after the preview, or after a delete was counted: nothing was sent for it).',
  'help.actions.safety':
    'Mark won, mark lost, enroll, message and delete are never done twice to a lead in one run. Delete asks you to type the number of leads, and first writes a <b>CRM Backup …</b> sheet with every field of each lead.',
  'help.actions.revert':
    '<b>Revert</b> puts every DONE row of a run back as it was: stage and pipeline, tags, enrollments. Statuses: <b>REVERTED</b>, <b>CHANGED_SINCE</b> (the lead changed after the run: left as it is), <b>NOT_REVERSIBLE</b>. Some things cannot be undone: a sale or loss record stays, a message stays sent, an unenrollment stays a manual exit, and a deleted lead is only in the backup sheet.',

  'help.actions.scripts':
    'From your own scripts: <code>crmLeadActions({sheet: "Leads", action: "stage", params: {stage: "Proposta"}, preview: true})</code> previews, the same without <code>preview</code> runs (a delete also needs <code>confirm</code>: the number of leads), and <code>crmRevertLeadActions(runId)</code> reverts a run; each returns its job’s summary.',

  'ui.jobs.kind.leadActions': 'Lead actions',
  'ui.jobs.kind.leadActionsRevert': 'Revert of lead actions',

  'ui.actions.title': 'Lead actions',
  'ui.actions.intro':
    'Changes leads already in the CRM, one action for every row of the sheet. Nothing changes before you see the preview. Results go to the CRM Action columns at the right of the data.',
  'ui.actions.loading': 'Loading pipelines, sequences and numbers…',
  'ui.actions.lead': "Find each row's lead",
  'ui.actions.leadColumn': 'Lead number in {header}',
  'ui.actions.leadEmailOrPhone': 'Look up by e-mail, else phone',
  'ui.actions.leadEmail': 'Look up by e-mail',
  'ui.actions.leadPhone': 'Look up by phone',
  'ui.actions.action': 'Action',
  'ui.actions.pickAction': '— pick an action —',
  'ui.actions.action.stage': 'Move to a stage',
  'ui.actions.action.won': 'Mark as won',
  'ui.actions.action.lost': 'Mark as lost',
  'ui.actions.action.addTags': 'Add tags',
  'ui.actions.action.removeTags': 'Remove tags',
  'ui.actions.action.enroll': 'Enroll in a sequence',
  'ui.actions.action.unenroll': 'Remove from a sequence',
  'ui.actions.action.message': 'Send a text message',
  'ui.actions.action.delete': 'Delete the leads',
  'ui.actions.hint.stage':
    'A stage with mandatory tasks pending does not let its leads out: those rows are BLOCKED, with the tasks named.',
  'ui.actions.hint.won':
    'Records a sale for each lead, with the value given or else the lead’s own. A lead is never marked won twice.',
  'ui.actions.hint.lost':
    'Records a loss for each lead, with the reason when given. A lead is never marked lost twice.',
  'ui.actions.hint.addTags': 'Tags the lead already has cost no request.',
  'ui.actions.hint.removeTags': 'Tags the lead does not have cost no request.',
  'ui.actions.hint.enroll':
    'Only an active sequence takes new leads. A lead is never enrolled twice.',
  'ui.actions.hint.unenroll':
    'The lead leaves the sequence as a manual exit: this cannot be undone.',
  'ui.actions.hint.message':
    'Sends one text message to each lead’s WhatsApp. Outside the 24-hour window the CRM refuses it (SKIPPED: send a template instead). A message cannot be recalled.',
  'ui.actions.hint.delete':
    'Deletes each lead from the CRM. You will type the number of leads to confirm; a CRM Backup sheet keeps every field of each lead first.',
  'ui.actions.param.pipeline': 'Pipeline',
  'ui.actions.param.stage': 'Stage',
  'ui.actions.param.wonStage': 'Won stage',
  'ui.actions.param.lostStage': 'Lost stage',
  'ui.actions.param.value': 'Sale value',
  'ui.actions.param.reason': 'Lost reason',
  'ui.actions.param.tags': 'Tags',
  'ui.actions.param.sequence': 'Sequence',
  'ui.actions.param.text': 'Message',
  'ui.actions.param.instance': 'Send from number',
  'ui.actions.default.leadPipeline': 'Each lead’s own pipeline',
  'ui.actions.default.wonStage': 'The won stage of each lead’s pipeline',
  'ui.actions.default.lostStage': 'The lost stage of each lead’s pipeline',
  'ui.actions.default.leadValue': 'Each lead’s own value',
  'ui.actions.default.noReason': '— no reason —',
  'ui.actions.default.primaryNumber': 'The primary number',
  'ui.actions.group.pipelines': 'Pipelines',
  'ui.actions.group.reasons': 'Lost reasons',
  'ui.actions.group.sequences': 'Sequences',
  'ui.actions.group.instances': 'Numbers',
  'ui.actions.group.columns': 'From a column, row by row',
  'ui.actions.inactiveSequence': '{name} (inactive)',
  'ui.actions.pick': '— pick one —',
  'ui.actions.typeIt': 'Type it…',
  'ui.actions.column': 'Column: {header}',
  'ui.actions.placeholder.value': 'R$ 1.234,56',
  'ui.actions.placeholder.tags': 'vip; event 2026',
  'ui.actions.placeholder.text': 'Hi {{Nome}}, …',
  'ui.actions.textHint':
    'Write a column’s header between double braces, such as {{Nome}}, and each row gets its own cell there. Click a column to insert it:',
  'ui.actions.problem.sheet': 'Pick a sheet.',
  'ui.actions.problem.action': 'Pick an action.',
  'ui.actions.problem.pick': 'pick a value for “{param}”',
  'ui.actions.problem.type': 'type a value for “{param}”, or pick a column',
  'ui.actions.problem.text': 'write the message',
  'ui.actions.problem.placeholder':
    'the message names {names}, but the sheet has no such column: fix the name or add the column',
  'ui.actions.preview': 'Preview',
  'ui.actions.previewing': 'Reading each lead from the CRM. Nothing is changed…',
  'ui.actions.previewTitle': 'Preview: nothing has changed yet',
  'ui.actions.previewEnded': 'The preview did not finish ({state}). Preview again.',
  'ui.actions.previewPaused':
    'The preview is paused: Resume it below to see what would change, or preview again.',
  'ui.actions.changesTitle': 'Before → after',
  'ui.actions.problemsTitle': 'What will not change, and why',
  'ui.actions.row': 'Row {row}',
  'ui.actions.moreRows': '… and {count} more rows: each has its line in CRM Action Detail.',
  'ui.actions.moreRowsOne': '… and {count} more row: it has its line in CRM Action Detail.',
  'ui.actions.cost': '{requests} requests: {duration} at {rate} requests a minute',
  'ui.actions.costOne': '{requests} request: {duration} at {rate} requests a minute',
  'ui.actions.meaning.WILL_CHANGE': 'will change',
  'ui.actions.meaning.NO_CHANGE': 'already so: no request',
  'ui.actions.meaning.WILL_FAIL': 'will fail: the reasons are below',
  'ui.actions.meaning.NOT_FOUND': 'have no lead in the CRM',
  'ui.actions.meaning.CHANGED_SINCE': 'changed since the run: left as they are',
  'ui.actions.meaning.NOT_REVERSIBLE': 'cannot be put back',
  'ui.actions.meaning.revert.WILL_CHANGE': 'will be put back as they were before the run',
  'ui.actions.meaning.revert.NO_CHANGE': 'already as they were: no request',
  'ui.actions.nothingToChange': 'No row would change: there is nothing to run.',
  'ui.actions.run': 'Run…',
  'ui.actions.runNow': 'Run now',
  'ui.actions.back': 'Back',
  'ui.actions.needPreview': 'Preview first: Run acts on what the preview showed.',
  'ui.actions.oneLead': '{count} lead',
  'ui.actions.leads': '{count} leads',
  'ui.actions.confirm.stage': 'Move {leads} of “{sheet}” to the new stage?',
  'ui.actions.confirm.won': 'Mark {leads} of “{sheet}” as won?',
  'ui.actions.confirm.lost': 'Mark {leads} of “{sheet}” as lost?',
  'ui.actions.confirm.addTags': 'Add the tags to {leads} of “{sheet}”?',
  'ui.actions.confirm.removeTags': 'Remove the tags from {leads} of “{sheet}”?',
  'ui.actions.confirm.enroll': 'Enroll {leads} of “{sheet}” in the sequence?',
  'ui.actions.confirm.unenroll': 'Remove {leads} of “{sheet}” from the sequence?',
  'ui.actions.confirm.message': 'Send the message to {leads} of “{sheet}”?',
  'ui.actions.confirm.delete': 'Delete {leads} of “{sheet}” from the CRM?',
  'ui.actions.confirmFailing': '{count} rows will not change (see the preview).',
  'ui.actions.confirmFailingOne': '{count} row will not change (see the preview).',
  'ui.actions.undo.stage': 'Revert can put each lead back in its stage.',
  'ui.actions.undo.won':
    'Revert can put each lead back in its stage, but the sale record stays in the CRM.',
  'ui.actions.undo.lost':
    'Revert can put each lead back in its stage, but the loss record stays in the CRM.',
  'ui.actions.undo.tags': 'Revert can undo the tag change.',
  'ui.actions.undo.enroll':
    'Revert takes them out of the sequence again (a manual exit); steps already sent stay sent.',
  'ui.actions.undo.unenroll': 'This cannot be undone: the enrollment stays a manual exit.',
  'ui.actions.undo.message': 'This cannot be undone: a sent message cannot be recalled.',
  'ui.actions.undo.delete':
    'This cannot be undone: a deleted lead is only in the CRM Backup sheet written before the first delete.',
  'ui.actions.typeCount': 'To delete, type the number of leads: {count}',
  'ui.actions.typeCountWrong': 'Type exactly {count}, the number of leads to delete.',
  'ui.actions.starting': 'Starting…',
  'ui.actions.after.uncertainOne':
    '{count} row is UNCERTAIN: the CRM did not say whether it was done. It is never repeated blindly: run again, and the job reads the lead back first.',
  'ui.actions.after.uncertain':
    '{count} rows are UNCERTAIN: the CRM did not say whether they were done. They are never repeated blindly: run again, and the job reads each lead back first.',
  'ui.actions.after.blockedOne':
    '{count} row is BLOCKED: its stage has mandatory tasks pending (CRM Action Detail names them). Finish them in the CRM and run again.',
  'ui.actions.after.blocked':
    '{count} rows are BLOCKED: their stage has mandatory tasks pending (CRM Action Detail names them). Finish them in the CRM and run again.',
  'ui.actions.after.skippedOne': '{count} row was SKIPPED: CRM Action Detail says why.',
  'ui.actions.after.skipped': '{count} rows were SKIPPED: CRM Action Detail says why.',
  'ui.actions.after.failedOne':
    '{count} row FAILED: CRM Action Detail says why. Run again to retry it; DONE rows are not repeated.',
  'ui.actions.after.failed':
    '{count} rows FAILED: CRM Action Detail says why. Run again to retry them; DONE rows are not repeated.',
  'ui.actions.after.notFoundOne': '{count} row has no lead in the CRM (NOT_FOUND).',
  'ui.actions.after.notFound': '{count} rows have no lead in the CRM (NOT_FOUND).',
  'ui.actions.after.changedOne':
    '{count} lead changed after the run and was left as it is (CHANGED_SINCE).',
  'ui.actions.after.changed':
    '{count} leads changed after the run and were left as they are (CHANGED_SINCE).',
  'ui.actions.after.revert':
    'To put these leads back, open “Revert a run” above: it reverts run {runId}.',
  'ui.actions.after.notReversibleOne':
    '{count} row could not be put back (NOT_REVERSIBLE): CRM Action Detail says why.',
  'ui.actions.after.notReversible':
    '{count} rows could not be put back (NOT_REVERSIBLE): CRM Action Detail says why.',
  'ui.actions.revert.title': 'Revert a run',
  'ui.actions.revert.intro':
    'Puts every DONE row of a run back as it was, from what the run recorded. A lead that changed since is left as it is.',
  'ui.actions.revert.noRun': 'No run on this sheet yet.',
  'ui.actions.revert.runId': 'Run id (CRM Action Run column)',
  'ui.actions.revert.preview': 'Preview revert',
  'ui.actions.revert.go': 'Revert…',
  'ui.actions.revert.now': 'Revert now',
  'ui.actions.revert.previewTitle': 'Revert preview: nothing has changed yet',
  'ui.actions.revert.needRun': 'Type or paste the run id from the CRM Action Run column.',
  'ui.actions.revert.nothing': 'No row of this run would be put back.',
  'ui.actions.lastRun': 'Last run: {action} (run {runId})',
  'ui.actions.revertConfirm': 'Put {leads} back as they were before the run?',
  'ui.actions.revertChanged': '{count} leads changed since and will be left as they are.',
  'ui.actions.revertChangedOne': '{count} lead changed since and will be left as it is.',
  'ui.actions.revertLimit.stage': 'Everything this run changed can be put back.',
  'ui.actions.revertLimit.won':
    'The sale records stay in the CRM: a revert moves the leads back, it does not delete a sale.',
  'ui.actions.revertLimit.lost':
    'The loss records stay in the CRM: a revert moves the leads back, it does not delete a loss.',
  'ui.actions.revertLimit.tags': 'Everything this run changed can be put back.',
  'ui.actions.revertLimit.enroll':
    'The leads leave the sequence as a manual exit; steps already sent stay sent.',
  'ui.actions.revertLimit.unenroll':
    'Nothing: an unenrollment cannot be undone (it stays a manual exit).',
  'ui.actions.revertLimit.message': 'Nothing: a sent message cannot be recalled.',
  'ui.actions.revertLimit.delete':
    'Nothing: a deleted lead cannot be brought back; its fields are in the CRM Backup sheet.',
  'ui.actions.revertLimit.unknown':
    'A sale or loss record stays, a message stays sent, an unenrollment stays a manual exit, and a deleted lead is only in the backup sheet.',
  'ui.error.badLeadActionsOptions':
    'The action’s choices do not fit this sheet or the CRM any more (a column or a name is gone). Check them, then preview again.',
  'ui.error.actionColumnMissing':
    'The header row has no column “{column}” any more. Pick another column, then preview again.',
  'ui.error.actionPipelineUnknown':
    'The CRM has no pipeline named “{name}” any more. Pick one from the list, then preview again.',
  'ui.error.actionStageUnknown':
    'The CRM has no stage named “{name}” there any more. Pick one from the list, then preview again.',
  'ui.error.actionSequenceUnknown':
    'The CRM has no sequence named “{name}” any more. Pick one from the list, then preview again.',
  'ui.error.actionReasonUnknown':
    'The CRM has no lost reason named “{name}” any more. Pick one from the list, then preview again.',
  'ui.error.confirmDelete':
    'To delete, type exactly {count}, the number of leads the rows name. If the sheet changed, preview again.',
  'ui.error.noSuchRun':
    'No Lead actions run has this id. Copy it from the CRM Action Run column of a run you started.',
  'ui.error.previewRun':
    'This id is a preview’s, and a preview changed nothing. Use the id of a run.',
  'ui.error.runPending':
    'This run is still going. Pause or cancel it, or let it finish, then revert it.',
  'ui.error.noLeadColumn':
    'No column of “{sheet}” names the leads: add a CRM Lead ID column, or an E-mail or Telefone column to look them up by.',
  'ui.error.runForgotten':
    'This run can no longer be reverted: its record of the leads’ before-states is not in your storage (only the person who ran it can revert it, and the oldest records give way when storage is full).',
  'ui.error.runReverted':
    'This run was already reverted: reverting it again would undo changes made since.',
  'ui.error.revertPending':
    'A revert of this run is not finished yet: resume or cancel it instead of starting another.',
} as const;
