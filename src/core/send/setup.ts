import type { ChatappInstance, ChatappTemplate } from '../../api/schemas';
import { codedError } from '../errors';
import { listBriefly } from '../import/text-key';
import { findColumn, placeSources, SendColumnsError } from './columns';
import type { LeadSource, SendJobOptions, SendRequest, ValueSource } from './options';
import { SEND_LEAD_ID_DEFAULT_HEADER } from './rows';
import { mediaUrlProblem, variableProblem } from './rules';
import {
  expectedVariableKeys,
  HEADER_VARIABLE_KEY,
  headerFormatOf,
  isMediaFormat,
  variableLabel,
} from './template';

/** The CRM's own message when a QR-connected number is asked to send a template. */
export const CLOUD_API_REQUIRED_MESSAGE = 'Envio de template requer instancia Cloud API.';

export interface SendSetupInput {
  request: SendRequest;
  sheetId: number;
  sheetName: string;
  header: readonly unknown[];
  /** GET /chatapp/templates (every status). */
  templates: readonly ChatappTemplate[];
  /** GET /chatapp/instances. */
  instances: readonly ChatappInstance[];
}

function templateList(templates: readonly ChatappTemplate[]): string {
  return listBriefly(templates.map((t) => `${t.id} ${t.name} (${t.status})`));
}

function instanceList(instances: readonly ChatappInstance[]): string {
  return listBriefly(
    instances.map(
      (i) => `${i.id} "${i.display_name ?? i.phone_number ?? ''}" (${i.provider ?? 'unknown'})`,
    ),
  );
}

export function findTemplate(
  templates: readonly ChatappTemplate[],
  templateId: number,
): ChatappTemplate {
  const template = templates.find((t) => t.id === templateId);
  if (!template) {
    throw codedError(
      `No template has the id ${templateId} in this CRM account; the templates are ${templateList(templates)}. Pass one of their ids as templateId.`,
      'sendTemplateGone',
    );
  }
  if (template.status !== 'APPROVED') {
    const approved = templates.filter((t) => t.status === 'APPROVED');
    throw codedError(
      `Template ${template.id} "${template.name}" is ${template.status}: only APPROVED templates can be sent. Get it approved in the CRM, or pick an approved one: ${templateList(approved)}.`,
      'sendTemplateNotApproved',
      { template: template.name, status: template.status },
    );
  }
  return template;
}

/** The number to send from: the one asked for, else the template's own (rule 1: cloud_api only). */
export function findInstance(
  template: ChatappTemplate,
  instances: readonly ChatappInstance[],
  instanceId: number | undefined,
): ChatappInstance {
  const id = instanceId ?? template.chatapp_instance_id ?? undefined;
  if (id === undefined) {
    throw codedError(
      `Template "${template.name}" names no number: pass instanceId, the id of a cloud_api number (${instanceList(instances)}).`,
      'sendPickNumber',
      { template: template.name },
    );
  }
  const instance = instances.find((i) => i.id === id);
  if (!instance) {
    throw codedError(
      `No number has the id ${id} in this CRM account; the numbers are ${instanceList(instances)}. Pass one of them as instanceId, or leave it out to use the template's own number.`,
      'sendNumberGone',
    );
  }
  if (instance.provider !== 'cloud_api') {
    const cloud = instances.filter((i) => i.provider === 'cloud_api');
    throw codedError(
      `${CLOUD_API_REQUIRED_MESSAGE} Number ${instance.id} "${instance.display_name ?? instance.phone_number ?? ''}" is connected by QR code (${instance.provider ?? 'unknown provider'}), and only official-API (cloud_api) numbers send templates: pass instanceId of a cloud_api number (${instanceList(cloud)}) or leave instanceId out to use the template's own number.`,
      'sendNumberNotCloud',
      { number: instance.display_name ?? instance.phone_number ?? String(instance.id) },
    );
  }
  const own = template.chatapp_instance_id;
  if (own !== null && own !== undefined && own !== instance.id) {
    throw codedError(
      `Template "${template.name}" belongs to number ${own}, not to number ${instance.id}: leave instanceId out (or pass ${own}), or pick a template of number ${instance.id}.`,
      'sendTemplateOtherNumber',
      { template: template.name },
    );
  }
  return instance;
}

function checkFixed(source: ValueSource | undefined, what: string, problems: Error[]): void {
  if (!source || !('value' in source)) return;
  const problem =
    what === 'headerMediaUrl' ? mediaUrlProblem(source.value) : variableProblem(source.value);
  if (problem)
    problems.push(
      codedError(
        `${what} {value: ${JSON.stringify(source.value)}} ${problem}`,
        'sendTemplateChanged',
      ),
    );
}

/**
 * Checks a send request against the CRM's template and numbers and against the sheet's
 * header row, before anything is written; returns the job's options. Every error names the
 * fix. A fixed value that breaks a rule is refused here, since it would skip every row.
 */
export function checkSendSetup(input: SendSetupInput): SendJobOptions {
  const { request, header, sheetName } = input;
  const template = findTemplate(input.templates, request.templateId);
  const instance = findInstance(template, input.instances, request.instanceId);
  const expected = expectedVariableKeys(template);
  const format = headerFormatOf(template);
  const problems = templateProblems(request, template, expected, format);
  const media = isMediaFormat(format);
  // The sidebar fills these from the template itself: a mismatch means the template changed.
  if (problems.length > 0) {
    const text = problems.map((problem) => problem.message).join('; ');
    throw codedError(`${text}.`, 'sendTemplateChanged', { template: template.name });
  }

  const lead: LeadSource =
    request.leadIdColumn !== undefined
      ? { by: 'column', column: request.leadIdColumn }
      : request.matchBy !== undefined
        ? { by: 'match', matchBy: request.matchBy }
        : findColumn(header, SEND_LEAD_ID_DEFAULT_HEADER) >= 0
          ? { by: 'column', column: SEND_LEAD_ID_DEFAULT_HEADER }
          : { by: 'match', matchBy: 'email_or_phone' };

  const variables: Record<string, ValueSource> = {};
  for (const key of expected) {
    const source = request.variables[key];
    if (source) variables[key] = source;
  }
  const options: SendJobOptions = {
    sheetId: input.sheetId,
    sheetName,
    headerRow: 1,
    templateId: template.id,
    templateName: template.name,
    instanceId: instance.id,
    headerFormat: format,
    variables,
    ...(media && request.headerMediaUrl ? { headerMediaUrl: request.headerMediaUrl } : {}),
    ...(format === 'DOCUMENT' && request.headerMediaFilename
      ? { headerMediaFilename: request.headerMediaFilename }
      : {}),
    lead,
    ...(request.resend ? { resend: true } : {}),
  };
  try {
    placeSources(header, options, sheetName);
  } catch (error) {
    if (error instanceof SendColumnsError) {
      throw codedError(`${error.message}.`, 'sendColumnsGone', { sheet: sheetName });
    }
    throw error;
  }
  return options;
}

/** What the request asks of the template that the template does not take (pure). */
function templateProblems(
  request: SendSetupInput['request'],
  template: ReturnType<typeof findTemplate>,
  expected: readonly string[],
  format: ReturnType<typeof headerFormatOf>,
): Error[] {
  // Each way the request does not fit its template, in precise English for a script; a person
  // reads ui.error.sendTemplateChanged (the sidebar fills the request from the template, so a
  // mismatch there means the template changed since).
  const problems: Error[] = [];

  const missing = expected.filter((key) => !(key in request.variables));
  if (missing.length > 0) {
    const example = missing.map((k) => `"${k}": "Column"`).join(', ');
    problems.push(
      codedError(
        `variables has no mapping for ${missing.map((key) => variableLabel(key)).join(', ')} of template "${template.name}": map each to a column header or to {value: "text"}, e.g. {${example}}`,
        'sendTemplateChanged',
      ),
    );
  }
  const extra = Object.keys(request.variables).filter((key) => !expected.includes(key));
  if (extra.length > 0) {
    problems.push(
      codedError(
        `template "${template.name}" has no ${extra.map((key) => variableLabel(key)).join(', ')} (it takes ${expected.map((key) => variableLabel(key)).join(', ') || 'no variables'}): remove ${extra.length > 1 ? 'them' : 'it'} from variables (the provider refuses extra parameters)`,
        'sendTemplateChanged',
      ),
    );
  }
  if (extra.includes(HEADER_VARIABLE_KEY) && format !== null && format !== 'TEXT') {
    problems.push(
      codedError(
        `its header is ${format}, which takes a file (headerMediaUrl), not header_1`,
        'sendTemplateChanged',
      ),
    );
  }

  const media = isMediaFormat(format);
  if (media && !request.headerMediaUrl) {
    problems.push(
      codedError(
        `template "${template.name}" has a ${format} header: give headerMediaUrl, a column of public file URLs or {value: "https://…"} (rule 3: a public URL)`,
        'sendTemplateChanged',
      ),
    );
  }
  if (!media && request.headerMediaUrl) {
    problems.push(
      codedError(
        `template "${template.name}" has ${format === null ? 'no header' : 'a text header'}, and a file can only go with a DOCUMENT, IMAGE or VIDEO header: remove headerMediaUrl or pick a template with a media header`,
        'sendTemplateChanged',
      ),
    );
  }
  if (media && request.headerMediaFilename && format !== 'DOCUMENT') {
    problems.push(
      codedError(
        `headerMediaFilename is used for DOCUMENT headers only and the CRM ignores it for ${format}: remove it`,
        'sendTemplateChanged',
      ),
    );
  }
  for (const [key, source] of Object.entries(request.variables)) {
    if (expected.includes(key)) checkFixed(source, `variables["${key}"]`, problems);
  }
  checkFixed(request.headerMediaUrl, 'headerMediaUrl', problems);
  return problems;
}
