import * as z from 'zod/mini';
import { MatchBySchema } from '../../api/schemas';
import { lazySchema } from '../../api/schemas/lazy';
import { codedError } from '../errors';
import { matchByOption, optionsObject, sheetNameOption, shown } from '../jobs/options';
import { RowScopeSchema } from '../rows/scope';
import { HEADER_VARIABLE_KEY } from './template';

/** Where a value comes from: a column (by header text) or fixed text for every row. */
export const ValueSourceSchema = lazySchema(() =>
  z.union([z.object({ column: z.string() }), z.object({ value: z.string() })]),
);
export type ValueSource = z.infer<typeof ValueSourceSchema>;

export const LeadSourceSchema = lazySchema(() =>
  z.union([
    z.object({ by: z.literal('column'), column: z.string() }),
    z.object({ by: z.literal('match'), matchBy: MatchBySchema }),
  ]),
);
export type LeadSource = z.infer<typeof LeadSourceSchema>;

/**
 * What a send job keeps: the request checked against the CRM at the start (template approved,
 * number cloud_api, every variable mapped). The sheet is kept by id as well as name, so
 * renaming it mid-job is harmless.
 */
export const SendJobOptionsSchema = lazySchema(() =>
  z.object({
    sheetId: z.number(),
    sheetName: z.string(),
    headerRow: z.number(),
    templateId: z.number(),
    templateName: z.string(),
    instanceId: z.number(),
    /** The HEADER format (`TEXT`, `DOCUMENT`, `IMAGE`, `VIDEO`), null without a header. */
    headerFormat: z.nullable(z.string()),
    /** Exactly the keys the template needs: `header_1`, `1`, `2`… */
    variables: z.record(z.string(), ValueSourceSchema),
    headerMediaUrl: z.optional(ValueSourceSchema),
    /** Only for DOCUMENT headers: the CRM ignores it for IMAGE and VIDEO. */
    headerMediaFilename: z.optional(ValueSourceSchema),
    lead: LeadSourceSchema,
    /** The language of whoever started the job: its Detail cells and messages speak it. */
    locale: z.optional(z.enum(['en', 'pt'])),
    /** Send even to leads the send record says got this template from this sheet before. */
    resend: z.optional(z.boolean()),
    /** The rows chosen at the call (`rows`): every other row reads empty to the job. */
    rowScope: z.optional(RowScopeSchema),
    /**
     * The opt-out tags in force when the job started (settings/opt-out-tags.ts): skipped to
     * the job's end, with those in force at each execution, whoever changes a tag meanwhile.
     */
    optOutTags: z.optional(z.array(z.string())),
  }),
);
export type SendJobOptions = z.infer<typeof SendJobOptionsSchema>;

/** crmSendTemplate's options, checked in form only (the CRM and the sheet are checked later). */
export interface SendRequest {
  sheet: string;
  templateId: number;
  instanceId?: number;
  variables: Record<string, ValueSource>;
  headerMediaUrl?: ValueSource;
  headerMediaFilename?: ValueSource;
  /** Absent with matchBy absent too: the caller picks `CRM Lead ID` or email_or_phone. */
  leadIdColumn?: string;
  matchBy?: z.infer<typeof MatchBySchema>;
  /** See SendJobOptions.resend; false when left out. */
  resend?: boolean;
}

const OPTION_NAMES = [
  'sheet',
  'templateId',
  'instanceId',
  'variables',
  'headerMediaUrl',
  'headerMediaFilename',
  'leadIdColumn',
  'matchBy',
  'resend',
] as const;

const EXAMPLE =
  '{sheet: "Leads", templateId: 1, variables: {"1": "Nome", "2": {value: "Black Friday"}}}';

function positiveId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n) && n > 0) return n;
  }
  return undefined;
}

/** A column header (a string) or `{value: "fixed text"}`; `name` is the option, for messages. */
function valueSource(raw: unknown, name: string): ValueSource {
  if (typeof raw === 'string') {
    if (raw.trim() === '') {
      throw codedError(
        `${name} is an empty column name: give a column header such as "Nome", or fixed text as {value: "text"}.`,
        'sendVariableSource',
      );
    }
    return { column: raw.trim() };
  }
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const record = raw as Record<string, unknown>;
    const keys = Object.keys(record);
    const value = record.value;
    if (keys.length === 1 && (typeof value === 'string' || typeof value === 'number')) {
      return { value: String(value) };
    }
  }
  throw codedError(
    `${name} must be a column header such as "Nome", or fixed text as {value: "Black Friday"} (got ${shown(raw)}).`,
    'sendVariableSource',
  );
}

function variableKey(key: string): string | undefined {
  const trimmed = key.trim().replace(/^\{\{\s*(\d+)\s*\}\}$/, '$1');
  if (/^\d+$/.test(trimmed) && Number(trimmed) > 0) return String(Number(trimmed));
  if (trimmed.toLowerCase() === HEADER_VARIABLE_KEY) return HEADER_VARIABLE_KEY;
  return undefined;
}

/**
 * Checks crmSendTemplate options. `variables` keys are the body's `{{N}}` numbers ('1', '2'…,
 * `{{1}}` is read as '1') and `header_1`. Whether the template, number and columns fit is
 * checked later against the CRM and the sheet (checkSendSetup).
 */
export function parseSendRequest(input: unknown): SendRequest {
  const raw = optionsObject(input, 'crmSendTemplate', OPTION_NAMES, EXAMPLE);
  const sheet = sheetNameOption(raw.sheet, 'send');

  const templateId = positiveId(raw.templateId);
  if (templateId === undefined) {
    throw codedError(
      `templateId must be the id of an APPROVED template, such as 1 (got ${shown(raw.templateId)}); CRM_TEMPLATES("APPROVED") lists them.`,
      'sendPickTemplate',
    );
  }

  let instanceId: number | undefined;
  if (raw.instanceId !== undefined && raw.instanceId !== null && raw.instanceId !== '') {
    instanceId = positiveId(raw.instanceId);
    if (instanceId === undefined) {
      throw codedError(
        `instanceId must be the id of a cloud_api number, such as 2, or left out to use the template's own number (got ${shown(raw.instanceId)}); CRM_INSTANCES() lists them.`,
        'sendNumberForm',
      );
    }
  }

  const variables = variablesOption(raw.variables);

  const optional = (name: 'headerMediaUrl' | 'headerMediaFilename') =>
    raw[name] === undefined || raw[name] === null || raw[name] === ''
      ? undefined
      : valueSource(raw[name], name);
  const headerMediaUrl = optional('headerMediaUrl');
  const headerMediaFilename = optional('headerMediaFilename');

  const { leadIdColumn, matchBy } = leadOptions(raw);

  if (raw.resend !== undefined && raw.resend !== null && typeof raw.resend !== 'boolean') {
    throw codedError(
      `resend must be true (send again to leads that got this template from this sheet before) or false (got ${shown(raw.resend)}).`,
      'sendResendForm',
    );
  }

  return {
    sheet,
    templateId,
    ...(instanceId === undefined ? {} : { instanceId }),
    variables,
    ...(headerMediaUrl ? { headerMediaUrl } : {}),
    ...(headerMediaFilename ? { headerMediaFilename } : {}),
    ...(leadIdColumn === undefined ? {} : { leadIdColumn }),
    ...(matchBy === undefined ? {} : { matchBy }),
    ...(raw.resend === true ? { resend: true } : {}),
  };
}

/** The stored options of a job, read back; null when this version cannot read them. */
export function readSendJobOptions(stored: unknown): SendJobOptions | null {
  const parsed = SendJobOptionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** `variables`: each {{N}} of the template body (and header_1) to a column or fixed text. */
function variablesOption(value: unknown): Record<string, ValueSource> {
  const variables: Record<string, ValueSource> = {};
  if (value === undefined || value === null) return variables;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw codedError(
      `variables must be an object of {{N}} number → column header or {value: "text"}, such as {"1": "Nome", "2": {value: "Black Friday"}} (got ${shown(value)}).`,
      'sendVariableSource',
    );
  }
  for (const [key, source] of Object.entries(value as Record<string, unknown>)) {
    const normal = variableKey(key);
    if (normal === undefined) {
      throw codedError(
        `variables key ${JSON.stringify(key)} is not a template variable: use the body's {{N}} numbers ("1", "2"…) and "header_1" for a text header's variable.`,
        'sendVariableSource',
      );
    }
    if (normal in variables) {
      throw codedError(
        `variables maps ${JSON.stringify(normal)} twice; keep one.`,
        'sendVariableSource',
      );
    }
    variables[normal] = valueSource(source, `variables[${JSON.stringify(key)}]`);
  }
  return variables;
}

/** How rows find their leads: a lead id column, or a lookup by e-mail or phone (not both). */
function leadOptions(raw: Record<string, unknown>): {
  leadIdColumn?: string;
  matchBy?: ReturnType<typeof matchByOption>;
} {
  let leadIdColumn: string | undefined;
  if (raw.leadIdColumn !== undefined && raw.leadIdColumn !== null && raw.leadIdColumn !== '') {
    if (typeof raw.leadIdColumn !== 'string' || raw.leadIdColumn.trim() === '') {
      throw codedError(
        `leadIdColumn must be the header of the column holding lead ids, such as "CRM Lead ID" (got ${shown(raw.leadIdColumn)}).`,
        'sendLeadColumn',
      );
    }
    leadIdColumn = raw.leadIdColumn.trim();
  }

  const matchBy =
    raw.matchBy === undefined || raw.matchBy === null || raw.matchBy === ''
      ? undefined
      : matchByOption(raw.matchBy);
  if (leadIdColumn !== undefined && matchBy !== undefined) {
    throw codedError(
      'Give leadIdColumn (rows carry the lead id) or matchBy (the lead is looked up by email or phone), not both.',
      'sendLeadColumn',
    );
  }
  return {
    ...(leadIdColumn === undefined ? {} : { leadIdColumn }),
    ...(matchBy === undefined ? {} : { matchBy }),
  };
}
