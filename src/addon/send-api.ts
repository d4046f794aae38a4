import type { ChatappInstance, ChatappTemplate } from '../api';
import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import { sayDay } from '../core/i18n/day';
import { isBlankCell } from '../core/import/normalize';
import { columnLetter } from '../core/import/text-key';
import { everyJob, type JobSummary } from '../core/jobs';
import { pacedCall, startFailure, startPacing } from '../core/jobs/requests';
import { checkNoOtherJobOnSheet } from '../core/jobs/row-job';
import { holdsKey, type LeadKey } from '../core/leads/resolver';
import { maskedValues, rowsOfScope } from '../core/rows/scope';
import {
  missingStatusHeaders,
  placeSources,
  statusColumnsOf,
  statusIndexes,
} from '../core/send/columns';
import { SEND_JOB_KIND } from '../core/send/job';
import { leadsWithoutPhone, PHONE_PAGE_SIZE } from '../core/send/lead-phones';
import { parseSendRequest } from '../core/send/options';
import { analyseSendSheet, countSendRows, type LeadRef, type RowDecision } from '../core/send/rows';
import { type RecordView, recordDate, recordView } from '../core/send/sent-record';
import { checkSendSetup, findTemplate } from '../core/send/setup';
import { SEND_ROW_STATUSES, SEND_STATUS_HEADERS } from '../core/send/status-columns';
import { expectedVariableKeys, renderBody } from '../core/send/template';
import { readOptedOutLeads } from '../core/settings/opt-out';
import { DEFAULT_COUNTRY, type Settings } from '../core/settings/settings';
import { currentLocale } from '../gas/locale';
import { resolveRowScope } from '../gas/row-scope';
import { requireJobSheet, sendRecordSheet } from '../gas/send-record-sheet';
import { createSendSheet } from '../gas/send-sheet';
import { appsScriptClock } from '../gas/services';
import {
  clientFor,
  currentSpreadsheet,
  engineDeps,
  ownerOf,
  pacerFor,
  requireSettings,
  sendRecordExclusion,
} from './context';
import { startJob } from './jobs-api';
import { optOutTagsHere } from './opt-out-tags';
import { splitRowsOption } from './rows-option';

/** A column header, or fixed text for every row. */
export type SendValueSource = string | { value: string };

export interface SendTemplateOptions {
  /** Name of the sheet whose rows get the template. */
  sheet: string;
  /** An APPROVED template (CRM_TEMPLATES("APPROVED") lists them). */
  templateId: number;
  /** A cloud_api number; default: the template's own number. */
  instanceId?: number;
  /** `{{N}}` number (and `header_1`) → column header or `{value: "fixed text"}`. */
  variables?: Record<string, SendValueSource>;
  /** Public file URL for a DOCUMENT / IMAGE / VIDEO header. */
  headerMediaUrl?: SendValueSource;
  /** File name the contact sees (DOCUMENT headers only). */
  headerMediaFilename?: SendValueSource;
  /** Header of the column of lead ids (e.g. "CRM Lead ID", written by an import). */
  leadIdColumn?: string;
  /** Without leadIdColumn: find each row's lead by `email`, `phone` or `email_or_phone`. */
  matchBy?: string;
  /**
   * Send even to leads that got this template from this sheet before (the CRM Send Record
   * sheet keeps which): without it they are SKIPPED, saying when they got it. Rows still SENT
   * are never sent again: clear their status first.
   * @default false
   */
  resend?: boolean;
  /**
   * The rows to send to: `all` (default), `visible` (not hidden by a filter or by hand),
   * `selection` (the rows of the current selection) or sheet rows such as `"5:9,12"`, or the
   * `rows` a preview answered (`marks:…`: the rows it counted, wherever they are now). Other
   * rows are not read and keep their cells.
   * @default "all"
   */
  rows?: string;
}

interface Catalog {
  templates: ChatappTemplate[];
  instances: ChatappInstance[];
}

/** Templates (every status) and numbers: two paced requests; a refusal names the fix. */
function loadCatalog(settings: Settings, what: string): Catalog {
  const options = startPacing(pacerFor(settings), appsScriptClock);
  const client = clientFor(settings);
  try {
    const templates = pacedCall(() => client.chatapp.templates(), options);
    const instances = pacedCall(() => client.chatapp.instances(), options);
    return { templates, instances };
  } catch (error) {
    throw startFailure(error, what);
  }
}

function readHeader(sheet: GoogleAppsScript.Spreadsheet.Sheet, withDisplay: boolean) {
  const values = createSendSheet(sheet, 1).read(withDisplay);
  if (values.header.every(isBlankCell)) {
    throw codedError(
      `Row 1 of "${sheet.getName()}" is empty: the first row must hold the column headers (Nome, Telefone, CRM Lead ID…).`,
      'headerRowEmpty',
      { row: 1, sheet: sheet.getName() },
    );
  }
  return values;
}

/**
 * Starts a bulk-send job: every non-empty row gets the approved template once (`POST
 * /leads/{id}/send-chatapp-template`), its status written in the CRM Send columns at the right
 * of the data (created when missing). Rows already SENT or UNCERTAIN are never sent again;
 * rows a documented rule would refuse are SKIPPED without a request. The job runs in this
 * execution as far as its time allows and continues by trigger (or from the sidebar).
 * Returns the job's summary `{jobId, kind, state, total, done, counts, message}`.
 *
 * The template must be APPROVED and the number cloud_api; every `{{N}}` (and `header_1`) must be
 * mapped, a media header needs headerMediaUrl, and mapped columns must exist. Otherwise an
 * Error says what to fix, and nothing is written or sent.
 */
export function crmSendTemplate(options: SendTemplateOptions): JobSummary {
  const rowsOption = splitRowsOption(options);
  const request = parseSendRequest(rowsOption.rest);
  const settings = requireSettings();
  const sheet = requireJobSheet(currentSpreadsheet(), request.sheet);
  const sheetId = sheet.getSheetId();
  const onSheet = { id: sheetId, name: request.sheet, jobName: 'Send' };
  // Checked again, atomically, when the job is created (startJob); this one fails fast.
  checkNoOtherJobOnSheet(everyJob(engineDeps().store), {
    kind: SEND_JOB_KIND,
    ...onSheet,
    sheetId,
    sheetName: request.sheet,
  });

  const values = readHeader(sheet, false);
  const catalog = loadCatalog(settings, 'start the send');
  const jobOptions = checkSendSetup({
    request,
    sheetId,
    sheetName: sheet.getName(),
    header: values.header,
    templates: catalog.templates,
    instances: catalog.instances,
  });

  // The rows chosen, resolved before anything is written: a choice of no row writes nothing.
  const scoped = resolveRowScope(sheet, 1, rowsOption.choice, values, rowsOption.text);
  const missing = missingStatusHeaders(values.header);
  if (missing.length > 0) createSendSheet(sheet, 1).appendHeaders(missing);
  const people = statusIndexes(values.header);
  const total =
    scoped?.count ??
    values.rows.filter((row) => row.some((cell, i) => !people.has(i) && !isBlankCell(cell))).length;

  // Detail cells and messages speak the language of whoever starts the job, whoever drives it.
  const locale = currentLocale();
  return startJob({
    owner: ownerOf(settings),
    kind: SEND_JOB_KIND,
    options: {
      ...jobOptions,
      locale,
      ...(scoped ? { rowScope: scoped.scope } : {}),
      // The tags skipped to the job's end, whoever changes one meanwhile (opt-out-tags.ts).
      optOutTags: optOutTagsHere(settings, currentSpreadsheet()),
    },
    total,
    statuses: SEND_ROW_STATUSES,
    // A cancelled send reads back the leads it may have messaged, and says so on their rows.
    settleOnCancel: true,
    message: translator(locale)('send.message.queuedJob', {
      template: jobOptions.templateName,
      sheet: jobOptions.sheetName,
    }),
    sheet: onSheet,
  });
}

/** The preview lists this many skipped rows with their reasons; the send writes them all. */
const PREVIEW_SKIPPED_ROWS = 10;

export interface SendPreview {
  template: { id: number; name: string; language: string; headerFormat: string | null };
  instanceId: number;
  /** Each variable the template needs, and where its value comes from. */
  variables: { key: string; source: string }[];
  /** How rows are found: a lead id column, or a lookup by email / phone. */
  lead: string;
  /** What a send would do now, by status (no request made: lookups are not run). */
  counts: Record<string, number>;
  /** The first row that would be sent, with the message text it would get. */
  sample?: { row: number; text: string };
  /** Why rows would be skipped (the first few), so they can be fixed before sending. */
  skipped: { row: number; reason: string }[];
  /** Status columns already present (the others are created by the send). */
  statusColumns: string[];
  /**
   * Rows to send whose lead already got another template from the sheet (issue 18 item 3):
   * a new campaign for them, which the sidebar asks about, by that template, with its latest
   * date (YYYY-MM-DD).
   */
  campaigns: { template: string; rows: number; last: string }[];
  /**
   * Leads of rows to send that the spreadsheet's send record says got this template from this
   * sheet before (or may have), and the latest date (YYYY-MM-DD): SKIPPED unless the send is
   * asked with `resend: true`, which the sidebar asks about. Rows found by e-mail or phone are
   * known only once the send looks them up: the send skips those too.
   */
  sentBefore: { leads: number; last: string };
  /**
   * The rows this preview counted, as the `rows` its send takes (core/rows/scope rowsOfScope):
   * present when `rows` chose some; a selection or filter changed since then changes nothing.
   */
  runRows?: string;
}

/**
 * For the send sidebar: the same checks as crmSendTemplate (same errors), then what a send
 * would do with the sheet as it is, without writing or sending anything.
 */
export function uiPreviewSend(options: SendTemplateOptions): SendPreview {
  const rowsOption = splitRowsOption(options);
  const request = parseSendRequest(rowsOption.rest);
  const settings = requireSettings();
  const sheet = requireJobSheet(currentSpreadsheet(), request.sheet);
  const read = readHeader(sheet, true);
  // The preview counts the rows the send will work on, no others.
  const scope = resolveRowScope(sheet, 1, rowsOption.choice, read, rowsOption.text)?.scope;
  const values = maskedValues(read, scope);
  const catalog = loadCatalog(settings, 'read the CRM templates');
  const jobOptions = checkSendSetup({
    request,
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    header: values.header,
    templates: catalog.templates,
    instances: catalog.instances,
  });
  const template = findTemplate(catalog.templates, jobOptions.templateId);
  const sources = placeSources(values.header, jobOptions, jobOptions.sheetName);
  // Shown in the preview's footer: in the person's words (issue 29.8), as the sidebar's are.
  const t = translator(currentLocale());
  const describe = (source: { column: number; header: string } | { value: string }) =>
    'value' in source
      ? t('send.preview.fixed', { value: source.value })
      : t('send.preview.column', { letter: columnLetter(source.column), header: source.header });
  const preview: SendPreview = {
    ...(scope ? { runRows: rowsOfScope(scope) } : {}),
    template: {
      id: template.id,
      name: template.name,
      language: template.language ?? '',
      headerFormat: jobOptions.headerFormat,
    },
    instanceId: jobOptions.instanceId,
    variables: expectedVariableKeys(template).map((key) => ({
      key,
      source: sources.variables[key] ? describe(sources.variables[key]) : '',
    })),
    lead:
      jobOptions.lead.by === 'column'
        ? t('send.preview.leadColumn', { column: jobOptions.lead.column })
        : t(`send.preview.leadBy.${jobOptions.lead.matchBy}`),
    counts: {},
    skipped: [],
    statusColumns: SEND_STATUS_HEADERS.filter(
      (h) => !missingStatusHeaders(values.header).includes(h),
    ),
    campaigns: [],
    sentBefore: { leads: 0, last: '' },
  };
  // Without status columns yet, stand-ins past the data keep them apart from the data.
  const width = values.header.length;
  const columns = statusColumnsOf(values.header) ?? {
    status: width,
    messageId: width + 1,
    detail: width + 2,
    sentAt: width + 3,
  };
  const analysis = analyseSendSheet({
    values,
    columns,
    sources,
    since: Date.now(),
    defaultCountry: settings.defaultCountry || DEFAULT_COUNTRY,
    headerRow: 1,
    readAt: Date.now(),
    templateName: jobOptions.templateName,
    t,
    // The send skips them as the preview does (its own read at each execution start), with
    // every tag set in the spreadsheet (opt-out-tags.ts), not this person's alone.
    optedOut: optedOutLeads(settings, optOutTagsHere(settings, currentSpreadsheet())),
  });
  preview.campaigns = earlierCampaigns(analysis.decisions);
  const noPhone = noPhoneLeads(settings, analysis.decisions);
  const counts = countSendRows(analysis).counts;
  const spreadsheet = currentSpreadsheet();
  const record = recordView(
    sendRecordSheet(spreadsheet, () => sendRecordExclusion(spreadsheet)).read(),
    jobOptions,
  );
  preview.sentBefore = recordedLeads(analysis.decisions, record);
  const reasons = analysis.decisions.map((decision) => {
    if (decision.kind === 'skip') return decision.reason;
    if (decision.kind !== 'send' || decision.lead.kind !== 'id') return undefined;
    const leadId = decision.lead.leadId;
    const recorded = record.get(leadId);
    if (recorded && !request.resend) {
      const words = {
        leadId,
        template: jobOptions.templateName,
        date: sayDay(t, recordDate(recorded)),
        sheet: recorded.sheetName,
      };
      return recorded.state === 'sent'
        ? t('send.detail.skippedRecorded', words)
        : t('send.detail.skippedRecordedMaybe', words);
    }
    return noPhone.has(leadId) ? t('send.lookup.noPhone', { leadId }) : undefined;
  });
  const skipped = reasons.filter((reason) => reason !== undefined).length;
  preview.counts = {
    ...counts,
    QUEUED: counts.QUEUED - skipped,
    SKIPPED: counts.SKIPPED + skipped,
  };
  reasons.forEach((reason, i) => {
    if (reason !== undefined && preview.skipped.length < PREVIEW_SKIPPED_ROWS) {
      preview.skipped.push({ row: i + 2, reason });
    }
  });
  const first = analysis.decisions.findIndex((d, i) => d.kind === 'send' && !reasons[i]);
  const decision = analysis.decisions[first];
  if (decision?.kind === 'send') {
    preview.sample = { row: first + 2, text: renderBody(template, decision.payload.variables) };
  }
  return preview;
}

/** The rows a send would give a new campaign, by the template they got last (see SendPreview). */
function earlierCampaigns(decisions: readonly RowDecision[]): SendPreview['campaigns'] {
  const byTemplate = new Map<string, { rows: number; last: string }>();
  for (const decision of decisions) {
    const latest = decision.kind === 'send' ? decision.earlier?.[0] : undefined;
    if (!latest) continue;
    const seen = byTemplate.get(latest.template) ?? { rows: 0, last: '' };
    seen.rows += 1;
    if (latest.date > seen.last) seen.last = latest.date;
    byTemplate.set(latest.template, seen);
  }
  return [...byTemplate].map(([template, { rows, last }]) => ({ template, rows, last }));
}

/** The leads of rows to send that the record names (sentBefore), and the latest date. */
function recordedLeads(
  decisions: readonly RowDecision[],
  record: RecordView,
): SendPreview['sentBefore'] {
  const leads = new Set<number>();
  let last = '';
  for (const decision of decisions) {
    if (decision.kind !== 'send' || decision.lead.kind !== 'id') continue;
    const recorded = record.get(decision.lead.leadId);
    if (!recorded) continue;
    leads.add(decision.lead.leadId);
    if (recordDate(recorded) > last) last = recordDate(recorded);
  }
  return { leads: leads.size, last };
}

/**
 * The opt-out tag a row's lead carries, from one read of the leads that carry one
 * (readOptedOutLeads: usually one request). A row looked up by e-mail is told by its e-mail
 * (the send's lookup tries it first), one with only a phone by its phone.
 */
function optedOutLeads(
  settings: Settings,
  optOutTags: readonly string[],
): (lead: LeadRef) => string | undefined {
  const options = startPacing(pacerFor(settings), appsScriptClock);
  const client = clientFor(settings);
  const country = settings.defaultCountry || DEFAULT_COUNTRY;
  const leads = readOptedOutLeads(
    (filters) => pacedCall(() => client.leads.list(filters), options),
    optOutTags,
  );
  const ids = new Map(leads.map(({ lead, tag }) => [lead.id, tag]));
  return (lead) => {
    if (lead.kind === 'id') return ids.get(lead.leadId);
    const key: LeadKey | undefined =
      lead.email !== undefined
        ? { by: 'email', value: lead.email }
        : lead.phone !== undefined
          ? { by: 'phone', value: lead.phone }
          : undefined;
    return key === undefined
      ? undefined
      : leads.find((optedOut) => holdsKey(optedOut.lead, key, country))?.tag;
  };
}

/**
 * Of the leads the send would reach by lead id, those the CRM holds without a phone (issue 18
 * item 8): the CRM refuses a template to them, so the preview does not promise it. Every lead
 * is checked, by one read each or by the account's list, whichever costs fewer requests
 * (core/send/lead-phones.ts). A lead that cannot be read is left to the send.
 */
function noPhoneLeads(settings: Settings, decisions: readonly RowDecision[]): Set<number> {
  const ids: number[] = [];
  for (const decision of decisions) {
    if (decision.kind === 'send' && decision.lead.kind === 'id') ids.push(decision.lead.leadId);
  }
  if (ids.length === 0) return new Set();
  const options = startPacing(pacerFor(settings), appsScriptClock);
  const client = clientFor(settings);
  return leadsWithoutPhone(ids, {
    one: (id) => pacedCall(() => client.leads.get(id), options),
    page: (page) =>
      pacedCall(() => client.leads.list({ page, per_page: PHONE_PAGE_SIZE }), options),
  });
}
