/**
 * English: the bulk send's `CRM Send Detail` cells and job messages. Status values (QUEUED,
 * SENT …) stay as they are in every language.
 */
export const SEND_EN = {
  'send.detail.queued': 'Queued: job {jobId} sends it in turn.',
  'send.detail.sending': 'Sending now to lead {leadId} (job {jobId}).',
  'send.detail.sent': 'Sent "{template}" to lead {leadId}.',
  'send.detail.sentInConversation':
    'Sent "{template}" to lead {leadId} (conversation {conversation}).',
  'send.detail.uncertain':
    'Uncertain: {why}, so "{template}" to lead {leadId} may have been sent. The send checks the lead\'s conversation in the CRM before it ends, and again when it is run again; to send it regardless, clear this status and run the send again.',
  'send.detail.queuedPlatform':
    'Queued: Apps Script refused the request before it left ({error}); the job goes on when the limit allows.',
  'send.why.platformBatch':
    'Apps Script refused a batch of {count} sends ({error}), and whether part of a refused batch left is not documented',
  'send.why.stopped': 'an earlier run stopped mid-send',
  'send.why.noAnswer': 'no answer came from the CRM ({error})',
  'send.why.unreadable': 'the CRM answered {status} with an unreadable body',
  'send.why.crmFailed': 'the CRM failed while handling the send (HTTP {status}: {detail})',
  'send.why.unexpected': 'the send ended with an unexpected error ({error})',
  'send.detail.failedUnreadable':
    'The CRM answered {status} with an unreadable body; nothing says it was sent.',
  'send.detail.failedProvider':
    'CRM: {detail}. Not retried automatically; fix the cause and run the send again to retry this row.',
  'send.detail.failedForLead': 'Not sent: {reason} (provider code {code}). CRM: {detail}',
  'send.detail.failedAfterRetries':
    'Not sent: {reason} (provider code {code}), still after {retries} automatic retries. CRM: {detail}. Run the send again to retry this row.',
  'send.detail.failedRefused': 'CRM refused the send: {detail}',
  'send.detail.skippedCrm': 'Not sent: CRM: {message}',
  'send.detail.skippedNotFound': 'Not sent: lead {leadId} is not in the CRM ({message}).',
  'send.detail.skippedNoPhone':
    "Not sent: CRM: {message} Add the lead's phone in the CRM, then run the send again.",
  'send.detail.skippedInput': 'Not sent: {message}',
  'send.detail.skippedSameLead':
    'Not sent: lead {leadId} already got (or may have got) this template from this sheet (from another row, or from this row before it was moved or copied).',
  'send.detail.skippedSameKey':
    'Not sent: the lead of {key} may already have got this template from this job (a run stopped while sending it).',
  'send.detail.queuedRateLimit':
    'Queued: the CRM asked to wait {seconds} s (rate limit, nothing sent); this row is sent next.',
  'send.detail.queuedRetry':
    'Queued: {reason} (provider code {code}, nothing sent); retried automatically (retry {attempt} of {max}).',
  'send.detail.queuedKey': 'Queued: the CRM refused the API key; nothing was sent.',
  'send.detail.queuedSetup': 'Queued: the CRM refused the template or number; nothing was sent.',
  'send.detail.queuedSystemic':
    'Queued: {reason} (provider code {code}, nothing sent); sent when the job goes on.',
  'send.provider.generic': 'the WhatsApp provider failed for a moment',
  'send.provider.unavailable': 'the WhatsApp provider was unavailable',
  'send.provider.throughput': "the WhatsApp provider's rate limit was reached",
  'send.provider.pairRate': 'too many messages went to this contact in a short time',
  'send.provider.undeliverable':
    'WhatsApp cannot deliver to this number (not on WhatsApp, or it cannot receive this message)',
  'send.provider.optedOut': 'the contact stopped marketing messages from this business',
  'send.provider.notDelivered': 'WhatsApp chose not to deliver this message to the contact for now',
  'send.provider.parameter': "the provider refused this row's variable values",
  'send.provider.media':
    "the provider could not download this row's header file (the URL must be public)",
  'send.provider.templatePaused': 'WhatsApp paused the template (low quality)',
  'send.provider.templateDisabled': 'WhatsApp disabled the template',
  'send.provider.templateMissing': 'WhatsApp no longer has this template in its language',
  'send.provider.templateChanged': "the template's variables no longer match this send",
  'send.provider.accountLocked': 'the WhatsApp Business account is locked or restricted',
  'send.provider.payment':
    'the WhatsApp Business account cannot pay for messages (payment method or eligibility)',
  'send.provider.credentials': "the CRM's connection to WhatsApp has expired",
  'send.provider.numberNotRegistered': 'the sending number is not registered with WhatsApp',
  'send.provider.permission': "the CRM's connection to WhatsApp lacks a permission",
  'send.fix.templatePaused':
    'wait until WhatsApp reactivates the template (or improve its quality in WhatsApp Manager), then resume the job; or cancel it and send another template',
  'send.fix.templateDisabled':
    'cancel this job and start a new send with another approved template',
  'send.fix.templateMissing':
    'check the template in the CRM and in WhatsApp Manager, then resume the job; or cancel it',
  'send.fix.templateChanged':
    'cancel this job and start a new send, so the variables are mapped to the template as it is now',
  'send.fix.accountLocked':
    'resolve the restriction in WhatsApp Manager (Account quality), then resume the job',
  'send.fix.payment':
    'add a valid payment method in WhatsApp Manager (or fix the eligibility issue it shows), then resume the job',
  'send.fix.credentials':
    "reconnect the WhatsApp number in the CRM's settings, then resume the job",
  'send.fix.numberNotRegistered':
    'register the number with WhatsApp again in the CRM (WhatsApp connection), then resume the job',
  'send.fix.permission':
    "reconnect the WhatsApp number in the CRM's settings with every permission, then resume the job",
  'send.pause.systemic':
    'Paused after {count} sends in a row were refused: {reason} (provider code {code}; CRM: {detail}). To fix it, {fix}. The refused rows are QUEUED again and are sent once when the job is resumed; rows already SENT are never sent again.',
  'send.pause.templateNotApproved':
    'The CRM no longer accepts template {templateId} "{template}" ("{crm}"): only APPROVED templates can be sent. Get it approved in the CRM, then resume the job (rows already SENT are never sent again); or cancel the job and send another template.',
  'send.pause.fieldRefused':
    'The CRM refused the {what} of this send ("{crm}"): check template {templateId} "{template}" and number {instanceId} in the CRM, then resume the job (rows already SENT are never sent again); or cancel the job.',
  'send.pause.what.template': 'template',
  'send.pause.what.number': 'number',
  'send.pause.instance':
    'The CRM refused number {instanceId} for template {templateId} "{template}" ("{crm}"): templates are sent only from an official-API (cloud_api) number that owns the template. Fix it in the CRM, then resume the job (rows already SENT are never sent again); or cancel the job.',
  'send.message.queuedJob': 'Send of "{template}" to the rows of "{sheet}" queued.',
  'send.message.progress': 'Sending "{template}": {done} of {total} rows done.',
  'send.message.finished': 'Send finished: {parts}.',
  'send.message.empty': 'Send finished: the sheet has no data rows.',
  'send.message.sent': 'sent by this send: {count}',
  'send.message.sentBefore': 'already sent by an earlier send (not sent again): {count}',
  'send.message.skipped': 'skipped: {count}',
  'send.message.failed': 'failed: {count}',
  'send.message.uncertain': 'uncertain: {count}',
  'send.message.uncertainHint':
    'UNCERTAIN rows may have been sent: check their conversations in the CRM and clear the status of those to send again.',
  'send.message.unplaced':
    '{count} rows moved or deleted during their send could not be found again, so their status was not written: check those leads in the CRM.',
  'send.message.otherVersion':
    'This send was started by another version of the add-on and cannot be continued; start it again (rows already SENT are never sent twice).',
  'send.message.sheetGone':
    'The sheet "{sheet}" no longer exists; the send stopped (messages already sent are in the CRM).',
  'send.detail.skippedSentRow':
    "Not sent: lead {leadId} already got (or may have got) this template from this sheet (row {row}); clear that row's status to send it again.",
  'send.detail.confirmedSent':
    'Sent "{template}" to lead {leadId}: confirmed from the lead\'s conversation in the CRM (a message at or after the attempt).',
  'send.detail.notSentRequeued':
    "Queued: the lead's conversation in the CRM shows no message since the attempt, so nothing went out; sent once now.",
  'send.why.unsettled': "the CRM could not confirm it from the lead's conversation ({error})",
  'send.detail.cancelled':
    "Not sent: job {jobId} was cancelled before this row's turn. Run the send again to send it.",
  'send.rule.empty': 'is empty',
  'send.rule.errorCell': 'shows {value}, not a value (fix its formula or type the value)',
  'send.rule.lineBreak': 'has a line break (a variable must be a single line)',
  'send.rule.tab': 'has a tab character (the provider refuses tabs)',
  'send.rule.spaces': 'has more than four spaces in a row (the provider refuses them)',
  'send.rule.notUrl': '{value} is not an http(s) URL',
  'send.rule.urlSpaces': '{value} contains spaces',
  'send.rule.credentials':
    'carries a login in the URL; the provider needs a public URL without credentials',
  'send.rule.notPublic':
    'is not public ({host}): the provider downloads the file itself, so use a URL anyone can open without login, VPN or IP allowlist',
  'send.rule.noHost': 'no host',
  'send.row.noLeadId':
    'No lead id in column "{column}": import the row first (CRM → Import leads) or type the lead\'s id',
  'send.row.badLeadId':
    'Column "{column}" holds {value}, which is not a lead id (a whole number such as 42)',
  'send.row.columnProblem': 'column "{column}": {error}',
  'send.row.noLeadProblems': 'No lead to send to: {problems}',
  'send.row.noPhoneCell':
    'the lead has no phone (column "{column}" is empty): fill it in (and in the CRM) to send',
  'send.row.noLeadEmpty': "No lead to send to: {columns} empty; fill in the lead's {what}",
  'send.row.what.emailOrPhone': 'e-mail or phone',
  'send.row.what.email': 'e-mail',
  'send.row.what.phone': 'phone',
  'send.row.notSent': 'Not sent: {problems}.',
  'send.row.fixedValue': 'fixed value',
  'send.row.column': 'column "{column}"',
  'send.row.variable': '{variable} ({source}) {problem}',
  'send.row.headerFile': 'the header file URL ({source}) {problem}',
  'send.row.sameLead': 'Not sent: same lead ({key}) as row {row}; one send per lead per job.',
  'send.row.sameLeadSent':
    'Not sent: same lead ({key}) as row {row}, which already got this template.',
  'send.row.gotTemplate':
    'Not sent: this row\'s lead already got "{template}" from this sheet; clear this row\'s status to send it again.',
  'send.variable.header': 'header_1 (the text header’s {{1}})',
  'send.lookup.email': 'e-mail {value}',
  'send.lookup.phone': 'phone {value}',
  'send.lookup.tooMany':
    'Not sent: the CRM search for the {label} found more than {count} leads, so the lead cannot be told apart; put the lead id in a column and pass it as leadIdColumn.',
  'send.lookup.none':
    'Not sent: no CRM lead has the {label}. Import the row first (CRM → Import leads) or fix the {what}, then run the send again.',
  'send.lookup.several':
    'Not sent: {count} CRM leads have the {label} (ids {ids}); put the lead id in a column and pass it as leadIdColumn.',
  'send.lookup.noPhone':
    'Not sent: lead {leadId} has no phone in the CRM (Lead sem telefone cadastrado.). Add the phone in the CRM, then run the send again.',
  'send.why.moved':
    "another lead's SENT status had been put on this row by a sort or insert during the send, and was moved back to its own row",
  'send.detail.skippedRecorded':
    'Not sent: lead {leadId} got "{template}" from the sheet "{sheet}" of this spreadsheet on {date} (the CRM Send Record sheet keeps it, though no row here says so). To send it again on purpose, clear this row\'s status and tick "Send again to leads that got it before" in the Send sidebar (a script passes resend: true).',
  'send.detail.skippedRecordedMaybe':
    'Not sent: lead {leadId} may have got "{template}" from the sheet "{sheet}" of this spreadsheet on {date} (a send that was stopped; its conversation in the CRM cannot say). To send it again on purpose, clear this row\'s status and tick "Send again to leads that got it before" in the Send sidebar (a script passes resend: true).',
  'send.yield.recordBusy':
    'Another send of this spreadsheet is writing the CRM Send Record; this one goes on in a moment (nothing was sent).',
  'send.detail.rowKey': 'Row found by {key}.',
  'send.detail.movedRequeued':
    "Queued: another lead's SENT status had been put on this row by a sort or insert during the send, and went back to its own row; this row's lead is looked up again, and skipped if the CRM Send Record or its conversation in the CRM says it got this template; sent once only if nothing reached it.",
  'send.detail.movedBack':
    "Queued: another lead's status had been put on this row by a sort or insert during the send, and went back to its own row; this row is decided again (its lead is sent once only if nothing reached it).",
  // Issue 29.8: the send preview's footer, in the person's words.
  'send.preview.column': 'column {letter} "{header}"',
  'send.preview.fixed': 'fixed: {value}',
  'send.preview.leadColumn': 'lead id in column "{column}"',
  'send.preview.leadBy.email': 'lead looked up by e-mail',
  'send.preview.leadBy.phone': 'lead looked up by phone',
  'send.preview.leadBy.email_or_phone': 'lead looked up by e-mail or phone',
  // Opt-out (PRODUCT.md "Opt-out").
  'send.row.optedOut':
    'Not sent: the lead asked not to be messaged (it carries the opt-out tag "{tag}" set in Settings)',
} as const;
