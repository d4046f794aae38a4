import type { ChatappInstance, ChatappTemplate } from '../api/schemas';
import { codedError } from '../core/errors';
import type { JobSummary } from '../core/jobs';
import { pacedCall, startFailure, startPacing } from '../core/jobs/requests';
import { statusIndexes } from '../core/send/columns';
import { variableExamples } from '../core/send/examples';
import { expectedVariableKeys, headerFormatOf } from '../core/send/template';
import { appsScriptClock } from '../gas/services';
import { workingSheetIds } from '../gas/working-sheets';
import { clientFor, currentSpreadsheet, pacerFor, requireSettings } from './context';
import { pauseFromSidebar } from './jobs-api';
import { defaultLeadIdColumn } from './lead-actions-ui-api';
import { leadColumnFor } from './sheet-memory-api';

/** Small read-mostly helpers that only the sidebars call. */

/** The spreadsheet's sheet names, in tab order, and the active one (the pickers' default). */
export function uiListSheets(): { sheets: string[]; active: string } {
  const spreadsheet = currentSpreadsheet();
  const working = workingSheetIds(spreadsheet);
  return {
    sheets: spreadsheet
      .getSheets()
      .filter((sheet) => !working.has(sheet.getSheetId()))
      .map((sheet) => sheet.getName()),
    active: spreadsheet.getActiveSheet().getName(),
  };
}

/**
 * Pauses a queued or running job, whoever started it: drivers skip it until it is resumed. A
 * slice working it stops before its next request (see pauseFromSidebar).
 */
export function uiPauseJob(jobId: string): JobSummary {
  if (typeof jobId !== 'string' || jobId.trim() === '') {
    throw codedError('Pass the jobId of the job to pause (see crmListJobs()).', 'jobIdMissing');
  }
  return pauseFromSidebar(jobId);
}

/** An APPROVED template as the send sidebar shows it. */
export interface TemplateChoice {
  id: number;
  name: string;
  language: string;
  category: string;
  /** The number the template belongs to (sends go from it by default). */
  instanceId: number | null;
  /** `TEXT`, `DOCUMENT`, `IMAGE` or `VIDEO`; null without a header. */
  headerFormat: string | null;
  /** A text header's text, with its `{{1}}` when it has one. */
  headerText: string;
  /** The BODY text with its `{{N}}` placeholders. */
  body: string;
  footer: string;
  /** Keys every send needs, in reading order: `header_1`, then `1`, `2`… */
  variables: string[];
  /** The provider's example value of a variable, by key, when the template has them. */
  examples: Record<string, string>;
}

/** A chat number; only cloud_api ones send templates (rule 1). */
export interface NumberChoice {
  id: number;
  name: string;
  phone: string;
  provider: string;
  sendsTemplates: boolean;
  /**
   * False only when the CRM says the number is in another state than `connected` (the one the
   * contract lists); a number without a status is taken as connected.
   */
  connected: boolean;
}

/** The instance status of a number that can send (crm-api-v1.md, Chat number). */
const CONNECTED_STATUS = 'connected';

function componentText(template: ChatappTemplate, type: string): string {
  return template.components.find((c) => c.type === type)?.text ?? '';
}

function templateChoice(template: ChatappTemplate): TemplateChoice {
  const headerFormat = headerFormatOf(template);
  return {
    id: template.id,
    name: template.name,
    language: template.language ?? '',
    category: template.category ?? '',
    instanceId: template.chatapp_instance_id ?? null,
    headerFormat,
    headerText: headerFormat === 'TEXT' ? componentText(template, 'HEADER') : '',
    body: componentText(template, 'BODY'),
    footer: componentText(template, 'FOOTER'),
    variables: expectedVariableKeys(template),
    examples: variableExamples(template),
  };
}

function numberChoice(instance: ChatappInstance): NumberChoice {
  return {
    id: instance.id,
    name: instance.display_name ?? '',
    phone: instance.phone_number ?? '',
    provider: instance.provider ?? '',
    sendsTemplates: instance.provider === 'cloud_api',
    connected: instance.status == null || instance.status === CONNECTED_STATUS,
  };
}

/**
 * For the send sidebar's pickers: the APPROVED templates (the only ones that can be sent) and
 * every chat number. Two paced requests; a refused key or a CRM failure says what to do.
 */
export function uiListTemplates(): { templates: TemplateChoice[]; numbers: NumberChoice[] } {
  const settings = requireSettings();
  const client = clientFor(settings);
  const options = startPacing(pacerFor(settings), appsScriptClock);
  try {
    const templates = pacedCall(() => client.chatapp.templates({ status: 'APPROVED' }), options);
    const numbers = pacedCall(() => client.chatapp.instances(), options);
    return {
      // The filter is the CRM's; checked again here, since only APPROVED templates can be sent.
      templates: templates.filter((t) => t.status === 'APPROVED').map(templateChoice),
      numbers: numbers.map(numberChoice),
    };
  } catch (error) {
    throw startFailure(error, 'list the templates');
  }
}

/**
 * The column headers of row 1 of a sheet, for the send sidebar's pickers (the CRM Send status
 * columns left out), and the lead id column a send uses by default when the sheet has one.
 */
export function uiListColumns(sheet: string): { headers: string[]; leadIdColumn: string | null } {
  if (typeof sheet !== 'string' || sheet.trim() === '') {
    throw codedError('Pass the name of a sheet (see uiListSheets()).', 'sheetMissing');
  }
  const found = currentSpreadsheet().getSheetByName(sheet.trim());
  if (!found) {
    throw codedError(`No sheet is named "${sheet.trim()}"; pick another one.`, 'sheetNotFound', {
      sheet: sheet.trim(),
    });
  }
  const width = found.getLastColumn();
  const header = width > 0 ? (found.getRange(1, 1, 1, width).getDisplayValues()[0] ?? []) : [];
  const status = statusIndexes(header);
  const headers = header
    .map((text, index) => ({ text: text.trim(), index }))
    .filter(({ text, index }) => text !== '' && !status.has(index))
    .map(({ text }) => text);
  // The same lead column Lead actions offers on this sheet (issue 29.2): the sheet's last
  // choice, else the shared default (CRM Lead ID, Lead ID, then an export's ID).
  return { headers, leadIdColumn: leadColumnFor(found, headers, defaultLeadIdColumn(headers)) };
}

/** A pipeline as the Import sidebar's "new leads go to" pickers show it. */
export interface PipelineChoice {
  id: number;
  name: string;
  /** The account's default pipeline: new leads go there when the import names none. */
  isDefault: boolean;
  /** Stage names in order: new leads go to the first when the import names none. */
  stages: string[];
}

/**
 * The account's pipelines and which one is its default (issue 18.5: the sidebar shows where new
 * leads really go, not a grey example). The list says no default: each pipeline's detail is read
 * until the default is found (accounts have a few pipelines); all paced.
 */
export function uiListPipelines(): { pipelines: PipelineChoice[] } {
  const settings = requireSettings();
  const client = clientFor(settings);
  const options = startPacing(pacerFor(settings), appsScriptClock);
  try {
    const list = pacedCall(() => client.pipelines.list(), options).pipelines;
    let defaultId: number | undefined;
    for (const pipeline of list) {
      if (pacedCall(() => client.pipelines.get(pipeline.id), options).is_default === true) {
        defaultId = pipeline.id;
        break;
      }
    }
    return {
      pipelines: list.map((pipeline) => ({
        id: pipeline.id,
        name: pipeline.name,
        isDefault: pipeline.id === defaultId,
        stages: pipeline.stages.map((stage) => stage.name),
      })),
    };
  } catch (error) {
    throw startFailure(error, 'list the pipelines');
  }
}
