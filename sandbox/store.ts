import { notFound, notFoundFem } from './http';
import type {
  AccountRow,
  ApiKeyRow,
  LeadEventRow,
  LeadRow,
  PipelineRow,
  SandboxState,
  StageRow,
} from './types';

/**
 * The state plus the lookups every route needs. Every finder takes the caller's account, so a
 * row of another tenant is simply "not found": no route can reach across accounts.
 */
/**
 * The order of `GET /leads`, which crm-api-v1.md does not document: `newest` (created_at desc,
 * id desc; the CRM screen's order and the default), `id` (ascending), or `arbitrary` (a fixed
 * shuffle of the ids, the same for every request: what a CRM ordering by an internal key does),
 * or `updated` (updated_at desc, id desc: an edited lead jumps to the top, as in many CRMs).
 */
export const LEAD_LIST_ORDERS = ['newest', 'id', 'arbitrary', 'updated'] as const;
export type LeadListOrder = (typeof LEAD_LIST_ORDERS)[number];

export class Store {
  constructor(
    public state: SandboxState,
    public leadListOrder: LeadListOrder = 'newest',
  ) {}

  nextId(table: string): number {
    const id = (this.state.sequences[table] ?? 0) + 1;
    this.state.sequences[table] = id;
    return id;
  }

  pipelinesOf(accountId: number): PipelineRow[] {
    return this.state.pipelines.filter((p) => p.account_id === accountId);
  }

  pipeline(accountId: number, id: number): PipelineRow | undefined {
    return this.state.pipelines.find((p) => p.id === id && p.account_id === accountId);
  }

  requirePipeline(accountId: number, id: number): PipelineRow {
    const pipeline = this.pipeline(accountId, id);
    if (!pipeline) throw notFound('Funil');
    return pipeline;
  }

  stagesOf(pipelineId: number): StageRow[] {
    return this.state.stages
      .filter((s) => s.pipeline_id === pipelineId)
      .sort((a, b) => a.position - b.position);
  }

  /** A stage of one of the account's pipelines. */
  stage(accountId: number, id: number): StageRow | undefined {
    const stage = this.state.stages.find((s) => s.id === id);
    if (!stage || !this.pipeline(accountId, stage.pipeline_id)) return undefined;
    return stage;
  }

  lead(accountId: number, id: number): LeadRow | undefined {
    return this.state.leads.find((l) => l.id === id && l.account_id === accountId);
  }

  requireLead(accountId: number, idText: string | undefined): LeadRow {
    const id = parseId(idText);
    const lead = id === undefined ? undefined : this.lead(accountId, id);
    if (!lead) throw notFound('Lead');
    return lead;
  }

  user(accountId: number, id: number) {
    return this.state.users.find((u) => u.id === id && u.account_id === accountId);
  }

  sequence(accountId: number, id: number) {
    return this.state.nurtureSequences.find((s) => s.id === id && s.account_id === accountId);
  }

  instance(accountId: number, id: number) {
    return this.state.instances.find((i) => i.id === id && i.account_id === accountId);
  }

  template(accountId: number, id: number) {
    return this.state.templates.find((t) => t.id === id && t.account_id === accountId);
  }

  requireStageOf(accountId: number, id: number): StageRow {
    const stage = this.stage(accountId, id);
    if (!stage) throw notFoundFem('Etapa');
    return stage;
  }

  account(id: number): AccountRow | undefined {
    return this.state.accounts.find((a) => a.id === id);
  }

  /** The user a key acts as (closed_by, performed_by): the key's creator, else the account's first admin. */
  actorOf(key: ApiKeyRow): number | null {
    if (key.user_id !== null) return key.user_id;
    const admin = this.state.users.find(
      (u) => u.account_id === key.account_id && u.role === 'admin',
    );
    return admin?.id ?? null;
  }

  actorName(key: ApiKeyRow): string {
    const id = this.actorOf(key);
    const user = id === null ? undefined : this.state.users.find((u) => u.id === id);
    return user ? `${user.name} (API)` : `API (${key.name})`;
  }

  addEvent(
    leadId: number,
    eventType: string,
    description: string,
    performedBy: string,
    at: string,
  ): LeadEventRow {
    const event: LeadEventRow = {
      id: this.nextId('events'),
      lead_id: leadId,
      event_type: eventType,
      description,
      performed_by: performedBy,
      created_at: at,
    };
    this.state.events.push(event);
    return event;
  }
}

/** A path id: digits only, else undefined (the route answers 404). */
export function parseId(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
