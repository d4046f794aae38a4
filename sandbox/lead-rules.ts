import { HttpError, unprocessable } from './http';
import { iso, type Store } from './store';
import { fold } from './text';
import type { AccountRow, ApiKeyRow, CustomFieldRow, LeadRow, StageRow, TaskRow } from './types';
import { type BodyReader, isBlank, toBoolean, toIsoDate, toNumber } from './validate';

/** The lead fields a POST /leads or upsert body may carry, besides pipeline, stage and custom fields. */
export const LEAD_TEXT_FIELDS = [
  'name',
  'company',
  'source',
  'notes',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

export type LeadInput = Partial<
  Pick<
    LeadRow,
    | (typeof LEAD_TEXT_FIELDS)[number]
    | 'phone'
    | 'email'
    | 'birthday'
    | 'value'
    | 'tags'
    | 'assigned_to'
    | 'pipeline_id'
    | 'stage_id'
  >
> & { custom_fields?: Record<string, unknown> };

/**
 * Reads the lead body; only sent, non-empty fields come back, so the same result serves a create
 * (where blanks mean "not set") and an upsert update (where blanks mean "leave as is").
 * Pipeline and stage are resolved together: a stage must belong to the pipeline, a lone stage
 * implies its pipeline, a lone pipeline means its first stage.
 */
export function readLeadInput(
  reader: BodyReader,
  store: Store,
  accountId: number,
  required: { name: boolean; pipelineAndStage: boolean },
): LeadInput {
  const input: LeadInput = {};
  for (const field of LEAD_TEXT_FIELDS) {
    const value = reader.string(field, {
      required: field === 'name' && required.name,
      max: field === 'notes' ? 10_000 : 255,
    });
    if (value !== undefined) input[field] = value;
  }
  const phone = reader.phone('phone');
  if (phone !== undefined) input.phone = phone;
  const email = reader.email('email');
  if (email !== undefined) input.email = email;
  const birthday = reader.date('birthday');
  if (birthday !== undefined) input.birthday = birthday;
  const value = reader.number('value', { min: 0 });
  if (value !== undefined) input.value = value;
  const tags = reader.stringArray('tags');
  if (tags !== undefined && tags.length > 0) input.tags = uniqueTags(tags);
  const assignedTo = reader.integer('assigned_to');
  if (assignedTo !== undefined) {
    if (store.user(accountId, assignedTo)) input.assigned_to = assignedTo;
    else reader.add('assigned_to', 'O assigned_to informado não é um usuário desta conta.');
  }

  const pipelineId = reader.integer('pipeline_id', { required: required.pipelineAndStage });
  const stageId = reader.integer('stage_id', { required: required.pipelineAndStage });
  const pipeline = pipelineId === undefined ? undefined : store.pipeline(accountId, pipelineId);
  if (pipelineId !== undefined && !pipeline) {
    reader.add('pipeline_id', 'O pipeline_id informado não existe nesta conta.');
  }
  const stage = stageId === undefined ? undefined : store.stage(accountId, stageId);
  if (stageId !== undefined && !stage) {
    reader.add('stage_id', 'O stage_id informado não existe nesta conta.');
  }
  if (pipeline && stage && stage.pipeline_id !== pipeline.id) {
    reader.add('stage_id', `A etapa ${stage.id} não pertence ao funil ${pipeline.id}.`);
  } else if (stage) {
    input.stage_id = stage.id;
    input.pipeline_id = stage.pipeline_id;
  } else if (pipeline && stageId === undefined) {
    const first = store.stagesOf(pipeline.id)[0];
    if (first) {
      input.pipeline_id = pipeline.id;
      input.stage_id = first.id;
    } else {
      reader.add('pipeline_id', 'O funil informado não tem etapas.');
    }
  }

  const customFields = reader.object('custom_fields');
  if (customFields !== undefined) {
    const converted = convertCustomFields(store, accountId, customFields, reader);
    if (Object.keys(converted).length > 0) input.custom_fields = converted;
  }
  return input;
}

export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const key = fold(tag);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tag.trim());
  }
  return out;
}

/**
 * Converts each value per its field's `field_type`. Keys that match no active field are ignored;
 * blank values are skipped; a value that cannot be converted is a field error naming the fix.
 */
export function convertCustomFields(
  store: Store,
  accountId: number,
  values: Record<string, unknown>,
  reader: BodyReader,
): Record<string, unknown> {
  const fields = store.state.customFields.filter((f) => f.account_id === accountId && f.is_active);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((f) => f.name === name);
    if (!field || isBlank(value)) continue;
    const converted = convertFieldValue(field, value);
    if ('error' in converted) reader.add(`custom_fields.${name}`, converted.error);
    else out[name] = converted.value;
  }
  return out;
}

export function convertFieldValue(
  field: CustomFieldRow,
  value: unknown,
): { value: unknown } | { error: string } {
  const label = `custom_fields.${field.name}`;
  switch (field.field_type) {
    case 'text':
      if (typeof value === 'string') return { value: value.trim() };
      if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
      return { error: `O campo ${label} deve ser um texto.` };
    case 'number':
    case 'currency': {
      const number = toNumber(value);
      if (number === undefined) {
        return {
          error: `O campo ${label} deve ser um número (ponto como separador decimal, ex.: 1234.56).`,
        };
      }
      return { value: field.field_type === 'currency' ? Math.round(number * 100) / 100 : number };
    }
    case 'date': {
      const date = typeof value === 'string' ? toIsoDate(value) : undefined;
      if (date === undefined)
        return { error: `O campo ${label} deve ser uma data no formato AAAA-MM-DD.` };
      return { value: date };
    }
    case 'checkbox': {
      const bool = toBoolean(value);
      if (bool === undefined) return { error: `O campo ${label} deve ser verdadeiro ou falso.` };
      return { value: bool };
    }
    case 'select': {
      const option =
        typeof value === 'string' || typeof value === 'number'
          ? matchOption(field, String(value))
          : undefined;
      if (option === undefined) {
        return {
          error: `O valor de ${label} é inválido. Use uma destas opções: ${field.options.join(', ')}.`,
        };
      }
      return { value: option };
    }
    case 'multiselect': {
      const items = Array.isArray(value)
        ? value
        : typeof value === 'string'
          ? value.split(/[,;]/)
          : undefined;
      if (items === undefined) return { error: `O campo ${label} deve ser uma lista de opções.` };
      const chosen: string[] = [];
      for (const item of items) {
        if (typeof item === 'string' && item.trim() === '') continue;
        const option = typeof item === 'string' ? matchOption(field, item) : undefined;
        if (option === undefined) {
          return {
            error: `O valor ${JSON.stringify(item)} de ${label} é inválido. Use estas opções: ${field.options.join(', ')}.`,
          };
        }
        if (!chosen.includes(option)) chosen.push(option);
      }
      return { value: chosen };
    }
  }
}

function matchOption(field: CustomFieldRow, text: string): string | undefined {
  const key = fold(text);
  return field.options.find((option) => fold(option) === key);
}

/** 422 `limit_reached` when the account already holds its plan's number of leads. */
export function assertLeadLimit(store: Store, account: AccountRow): void {
  const count = store.state.leads.reduce(
    (n, lead) => n + (lead.account_id === account.id ? 1 : 0),
    0,
  );
  if (count >= account.lead_limit) {
    throw unprocessable(
      `Limite de leads do plano atingido (${account.lead_limit} leads no plano ${account.plan}).`,
      { limit_reached: true },
    );
  }
}

export function pendingRequiredTasks(store: Store, lead: LeadRow): TaskRow[] {
  return store.state.tasks.filter(
    (t) =>
      t.lead_id === lead.id &&
      t.stage_id === lead.stage_id &&
      t.is_required &&
      t.status === 'pending',
  );
}

/** 422 `blocked` while the lead's current stage still has mandatory tasks pending. */
export function assertNotBlocked(store: Store, lead: LeadRow): void {
  const pending = pendingRequiredTasks(store, lead);
  if (pending.length === 0) return;
  throw new HttpError(422, {
    success: false,
    blocked: true,
    message: `O lead tem ${pending.length} tarefa(s) obrigatória(s) pendente(s) na etapa atual. Conclua-as antes de mover o lead.`,
    pending_tasks: pending.map((t) => ({ id: t.id, subject: t.subject, type: t.type })),
  });
}

export interface Placement {
  now: number;
  key: ApiKeyRow;
  /** For a won stage: the sale's value (else the lead's). */
  saleValue?: number;
  /** For a lost stage. */
  reasonId?: number | null;
}

/**
 * Puts a lead into a stage with everything that comes with it: a Sale or LostSale for won/lost
 * stages, the stage's required tasks as pending mandatory tasks, and a timeline event.
 */
export function placeInStage(
  store: Store,
  lead: LeadRow,
  stage: StageRow,
  placement: Placement,
): void {
  const at = iso(placement.now);
  const actor = store.actorOf(placement.key);
  lead.pipeline_id = stage.pipeline_id;
  lead.stage_id = stage.id;
  lead.updated_at = at;
  if (stage.is_won) {
    store.state.sales.push({
      id: store.nextId('sales'),
      account_id: lead.account_id,
      lead_id: lead.id,
      pipeline_id: stage.pipeline_id,
      value: placement.saleValue ?? lead.value ?? 0,
      closed_by: actor,
      closed_at: at,
    });
  }
  if (stage.is_lost) {
    store.state.lostSales.push({
      id: store.nextId('lostSales'),
      account_id: lead.account_id,
      lead_id: lead.id,
      pipeline_id: stage.pipeline_id,
      reason_id: placement.reasonId ?? null,
      lost_at: at,
      lost_by: actor,
    });
  }
  for (const required of store.state.requiredTasks.filter((r) => r.stage_id === stage.id)) {
    const exists = store.state.tasks.some(
      (t) =>
        t.lead_id === lead.id &&
        t.stage_id === stage.id &&
        t.subject === required.subject &&
        t.status === 'pending',
    );
    if (exists) continue;
    store.state.tasks.push({
      id: store.nextId('tasks'),
      account_id: lead.account_id,
      lead_id: lead.id,
      stage_id: stage.id,
      is_required: true,
      subject: required.subject,
      description: null,
      type: required.task_type,
      status: 'pending',
      priority: required.priority,
      due_date: null,
      due_time: null,
      completed_at: null,
      assigned_to: lead.assigned_to,
      created_at: at,
      updated_at: at,
    });
  }
  const eventType = stage.is_won ? 'lead_won' : stage.is_lost ? 'lead_lost' : 'stage_changed';
  store.addEvent(
    lead.id,
    eventType,
    `Lead movido para a etapa ${stage.name}.`,
    store.actorName(placement.key),
    at,
  );
}

/** Creates a lead from validated input (name, pipeline and stage present) after the plan check. */
export function createLead(
  store: Store,
  account: AccountRow,
  key: ApiKeyRow,
  input: LeadInput & { name: string; stage_id: number },
  now: number,
): LeadRow {
  assertLeadLimit(store, account);
  const at = iso(now);
  const stage = store.stage(account.id, input.stage_id);
  if (!stage) throw new Error(`stage ${input.stage_id} vanished`);
  const lead: LeadRow = {
    id: store.nextId('leads'),
    account_id: account.id,
    name: input.name,
    phone: input.phone ?? null,
    email: input.email ?? null,
    company: input.company ?? null,
    birthday: input.birthday ?? null,
    value: input.value ?? null,
    source: input.source ?? null,
    tags: input.tags ?? [],
    pipeline_id: stage.pipeline_id,
    stage_id: stage.id,
    notes: input.notes ?? null,
    utm_source: input.utm_source ?? null,
    utm_medium: input.utm_medium ?? null,
    utm_campaign: input.utm_campaign ?? null,
    utm_term: input.utm_term ?? null,
    utm_content: input.utm_content ?? null,
    custom_fields: input.custom_fields ?? {},
    assigned_to: input.assigned_to ?? null,
    score: 0,
    score_updated_at: null,
    created_at: at,
    updated_at: at,
  };
  store.state.leads.push(lead);
  store.addEvent(lead.id, 'lead_created', 'Lead criado via API.', store.actorName(key), at);
  placeInStage(store, lead, stage, { now, key });
  return lead;
}

/** Applies an upsert's sent, non-empty fields; returns whether anything changed. */
export function updateLead(
  store: Store,
  lead: LeadRow,
  key: ApiKeyRow,
  input: LeadInput,
  now: number,
): boolean {
  let changed = false;
  const {
    custom_fields: customFields,
    pipeline_id: _pipelineId,
    stage_id: stageId,
    ...plain
  } = input;
  for (const [field, value] of Object.entries(plain) as [keyof typeof plain, unknown][]) {
    if (JSON.stringify(lead[field]) === JSON.stringify(value)) continue;
    (lead as unknown as Record<string, unknown>)[field] = value;
    changed = true;
  }
  if (customFields) {
    for (const [name, value] of Object.entries(customFields)) {
      if (JSON.stringify(lead.custom_fields[name]) === JSON.stringify(value)) continue;
      lead.custom_fields[name] = value;
      changed = true;
    }
  }
  if (changed) lead.updated_at = iso(now);
  if (stageId !== undefined && stageId !== lead.stage_id) {
    const stage = store.stage(lead.account_id, stageId);
    if (stage) {
      placeInStage(store, lead, stage, { now, key });
      changed = true;
    }
  }
  return changed;
}
