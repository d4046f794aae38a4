/**
 * English: the Push changes sidebar (`ui.push.*`), its menu item and title, its Help section, its
 * job kinds in the Jobs sidebar and what each push status means (PRODUCT.md "Round trip"). Status
 * values (WILL_CHANGE, CONFLICT, DONE…) and status column headers (CRM Push Status…) are the
 * public contract: never translated (its job kinds' names are in push.ts). Help entries are HTML (only <b>, <i> and <code>).
 */
export const PUSH_UI_EN = {
  'menu.push': 'Push changes',
  'menu.title.push': 'CRM · Push changes',

  'help.push.title': 'Push changes (round trip)',
  'help.push.text':
    'Export leads, edit the cells of the exported sheet (values, names, owners, stages, tags, custom fields), then <b>CRM → Push changes</b> sends the CRM exactly the cells you changed since the export; an untouched row costs no request. A field a colleague also changed in the CRM meanwhile is a <b>CONFLICT</b>: it is not sent unless you choose to keep the sheet’s value.',
  'help.push.statuses':
    'The sidebar always previews first and changes nothing. Results go to <b>CRM Push Status</b>, CRM Push Detail (each field: before → after), CRM Push At and <b>CRM Push Run</b> (the run id, which Revert takes); what each status means is listed below.',
  'help.push.scripts':
    'From your own scripts: <code>crmPushChanges({sheet: "Export", preview: true})</code> previews, the same without <code>preview</code> pushes (<code>onConflict: "sheet"</code> keeps the sheet’s value), and <code>crmRevertPush(runId)</code> puts a run back.',

  'ui.status.pushGroup': 'Push changes (CRM Push Status)',
  'ui.status.push.WILL_CHANGE': 'preview: its changed cells will be sent',
  'ui.status.push.NO_CHANGE': 'no cell changed since the export: no request',
  'ui.status.push.CONFLICT':
    'a field you changed was also changed in the CRM: not sent unless you keep the sheet’s value',
  'ui.status.push.INVALID': 'a value the CRM refuses: nothing sent, the detail says which',
  'ui.status.push.NOT_FOUND': 'the lead is no longer in the CRM',
  'ui.status.push.SKIPPED':
    'not sent: an emptied cell, an unreadable cell or a key held by several leads; the detail says which',
  'ui.status.push.DONE': 'changed cells sent to the CRM',
  'ui.status.push.FAILED': 'the CRM refused or failed: the detail says why',
  'ui.status.push.UNCERTAIN':
    'the CRM did not answer: the job reads the lead back before anything else',
  'ui.status.push.NOT_PREVIEWED': 'changed after the preview: nothing sent, preview again',
  'ui.status.push.REVERTED': 'put back to the value before the push',
  'ui.status.push.CHANGED_SINCE': 'changed since the push: left as it is',
  'ui.status.push.NOT_REVERSIBLE': 'cannot be put back: the detail says why',
  'ui.status.pushRevert.WILL_CHANGE': 'preview: will be put back as before the push',
  'ui.status.pushRevert.NO_CHANGE': 'already as before the push: no request',

  'ui.push.title': 'Push changes',
  'ui.push.intro':
    'Sends the CRM the cells you changed in an exported sheet since the export. Nothing changes before you see the preview.',
  'ui.push.loading': 'Looking for exported sheets…',
  'ui.push.noExport':
    'No sheet of this spreadsheet was written by an export. Export leads first, edit the cells, then push.',
  'ui.push.keepSheet': 'On conflicts, keep the sheet’s value',
  'ui.push.keepSheetHint':
    'A field a colleague also changed in the CRM since the export is a CONFLICT. Ticked, the sheet’s value replaces theirs.',
  'ui.push.preview': 'Preview',
  'ui.push.previewing': 'Comparing each row with the export and with the CRM. Nothing is changed…',
  'ui.push.previewTitle': 'Preview: nothing has changed yet',
  'ui.push.changesTitle': 'Before → after',
  'ui.push.conflictsTitle': 'Changed in the CRM too',
  'ui.push.conflictsHint':
    'Each line shows the CRM’s value and the sheet’s. These rows stay as the CRM has them unless you keep the sheet’s value.',
  'ui.push.keepAndPreview': 'Keep the sheet’s value, preview again',
  'ui.push.problemsTitle': 'What will not be sent, and why',
  'ui.push.row': 'Row {row}',
  'ui.push.moreRows': '… and {count} more rows: each has its line in CRM Push Detail.',
  'ui.push.moreRowsOne': '… and {count} more row: it has its line in CRM Push Detail.',
  'ui.push.nothingToPush': 'No cell would be sent: there is nothing to push.',
  'ui.push.run': 'Push…',
  'ui.push.runNow': 'Push now',
  'ui.push.back': 'Back',
  'ui.push.needPreview': 'Preview first: the push sends what the preview showed.',
  'ui.push.stale': 'The options changed: preview again.',
  'ui.push.confirm': 'Send the changed cells of {leads} of “{sheet}” to the CRM?',
  'ui.push.confirmConflicts':
    '{count} {n:row|rows} changed in the CRM too {n:stays|stay} as the CRM has {n:it|them}.',
  'ui.push.confirmKeepSheet':
    'The sheet’s value replaces a colleague’s change in the CRM where a field changed on both sides.',
  'ui.push.confirmRevert': 'You can revert this push afterwards.',
  'ui.push.after.uncertain':
    '{count} {n:row is|rows are} UNCERTAIN: the CRM did not answer. The job reads {n:it|them} back; look at CRM Push Detail.',
  'ui.push.after.failed': '{count} {n:row|rows} FAILED: CRM Push Detail says why.',
  'ui.push.after.notPreviewed':
    '{count} {n:row was|rows were} edited after the preview (NOT_PREVIEWED): nothing was sent for {n:it|them}. Preview again to push {n:it|them}.',
  'ui.push.after.conflict': '{count} {n:row|rows} changed in the CRM too (CONFLICT): not sent.',
  'ui.push.after.skipped': '{count} {n:row was|rows were} SKIPPED: CRM Push Detail says why.',
  'ui.push.after.invalid': '{count} {n:row has|rows have} a value the CRM refuses (INVALID).',
  'ui.push.after.changedSince':
    '{count} {n:field was|fields were} changed since the push (CHANGED_SINCE): left as {n:it is|they are}.',
  'ui.push.after.notReversible':
    '{count} {n:row|rows} cannot be put back (NOT_REVERSIBLE): CRM Push Detail says why.',
  'ui.push.after.revert': 'To undo it, open “Revert a push” below with run {runId}.',
  'ui.push.revert.title': 'Revert a push',
  'ui.push.revert.intro':
    'Puts back the value before the push of every DONE field nobody changed since. Preview first: nothing changes before you confirm.',
  'ui.push.revert.runId': 'Run id (CRM Push Run column)',
  'ui.push.revert.noRun': 'No push has run on this sheet yet.',
  'ui.push.revert.lastRun': 'Last push: run {runId}',
  'ui.push.revert.needRun': 'Type or paste the run id from the CRM Push Run column.',
  'ui.push.revert.preview': 'Preview revert',
  'ui.push.revert.go': 'Revert…',
  'ui.push.revert.now': 'Revert now',
  'ui.push.revert.previewTitle': 'Revert preview: nothing has changed yet',
  'ui.push.revert.nothing': 'No field of this run would be put back.',
  'ui.push.revert.confirm': 'Put {leads} back as {n:it was|they were} before the push?',
} as const;
