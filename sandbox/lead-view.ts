import type { Store } from './store';
import { samePhone } from './text';
import type { LeadRow } from './types';

export const INCLUDE_TOKENS = [
  'owner',
  'products',
  'contacts',
  'notes',
  'sales',
  'tasks',
  'sequences',
  'score',
  'siblings',
  'events',
  'conversation',
] as const;

/** Tokens `GET /leads` ignores: they cost a query per lead, so only the detail honours them. */
export const DETAIL_ONLY_TOKENS = new Set(['siblings', 'events', 'conversation']);

/** Known tokens of an `include` string; unknown ones are dropped without error, as documented. */
export function parseInclude(raw: string | undefined, detail: boolean): Set<string> {
  const tokens = new Set<string>();
  for (const token of (raw ?? '').split(',')) {
    const name = token.trim().toLowerCase();
    if (!(INCLUDE_TOKENS as readonly string[]).includes(name)) continue;
    if (!detail && DETAIL_ONLY_TOKENS.has(name)) continue;
    tokens.add(name);
  }
  return tokens;
}

export function leadStatus(store: Store, lead: LeadRow): 'open' | 'won' | 'lost' {
  const stage = store.state.stages.find((s) => s.id === lead.stage_id);
  return stage?.is_won ? 'won' : stage?.is_lost ? 'lost' : 'open';
}

/** A lead as the API returns it, with the relations asked for. */
export function leadView(
  store: Store,
  lead: LeadRow,
  include: Set<string> = new Set(),
): Record<string, unknown> {
  const stage = store.state.stages.find((s) => s.id === lead.stage_id);
  const pipeline = store.state.pipelines.find((p) => p.id === lead.pipeline_id);
  const view: Record<string, unknown> = {
    id: lead.id,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    company: lead.company,
    birthday: lead.birthday,
    value: lead.value,
    source: lead.source,
    status: leadStatus(store, lead),
    tags: [...lead.tags],
    pipeline_id: lead.pipeline_id,
    stage_id: lead.stage_id,
    notes: lead.notes,
    utm_source: lead.utm_source,
    utm_medium: lead.utm_medium,
    utm_campaign: lead.utm_campaign,
    utm_term: lead.utm_term,
    utm_content: lead.utm_content,
    stage: stage ? { id: stage.id, name: stage.name } : null,
    pipeline: pipeline ? { id: pipeline.id, name: pipeline.name } : null,
    created_at: lead.created_at,
    updated_at: lead.updated_at,
    custom_fields: { ...lead.custom_fields },
  };
  const state = store.state;
  if (include.has('owner')) {
    const owner =
      lead.assigned_to === null ? undefined : state.users.find((u) => u.id === lead.assigned_to);
    view.assigned_to = lead.assigned_to;
    view.owner = owner ? { id: owner.id, name: owner.name, email: owner.email } : null;
  }
  if (include.has('products')) {
    view.products = state.leadProducts
      .filter((p) => p.lead_id === lead.id)
      .map((p) => {
        const product = state.products.find((x) => x.id === p.product_id);
        const total =
          Math.round(p.quantity * p.unit_price * (1 - p.discount_percent / 100) * 100) / 100;
        return {
          id: p.id,
          product_id: p.product_id,
          product_name: product?.name ?? null,
          quantity: p.quantity,
          unit_price: p.unit_price,
          discount_percent: p.discount_percent,
          total,
        };
      });
  }
  if (include.has('contacts')) {
    view.contacts = state.contacts
      .filter((c) => c.lead_id === lead.id)
      .map(({ lead_id: _leadId, ...contact }) => contact);
  }
  if (include.has('notes')) {
    view.notes_list = state.notes
      .filter((n) => n.lead_id === lead.id)
      .map(({ lead_id: _leadId, ...note }) => note);
  }
  if (include.has('sales')) {
    view.sales = state.sales
      .filter((s) => s.lead_id === lead.id)
      .map((s) => ({
        id: s.id,
        pipeline_id: s.pipeline_id,
        value: s.value,
        closed_by: s.closed_by,
        closed_at: s.closed_at,
      }));
    view.lost_sales = state.lostSales
      .filter((s) => s.lead_id === lead.id)
      .map((s) => ({
        id: s.id,
        pipeline_id: s.pipeline_id,
        reason_id: s.reason_id,
        lost_at: s.lost_at,
        lost_by: s.lost_by,
      }));
  }
  if (include.has('tasks')) {
    view.tasks = state.tasks
      .filter((t) => t.lead_id === lead.id)
      .map((t) => ({
        id: t.id,
        subject: t.subject,
        type: t.type,
        status: t.status,
        priority: t.priority,
        due_date: t.due_date,
        due_time: t.due_time,
        completed_at: t.completed_at,
        assigned_to: t.assigned_to,
      }));
  }
  if (include.has('sequences')) {
    const enrollments = state.leadSequences.filter((e) => e.lead_id === lead.id);
    const active = enrollments.find((e) => e.status === 'active');
    const activeSequence = active
      ? state.nurtureSequences.find((s) => s.id === active.sequence_id)
      : undefined;
    view.active_sequence =
      active && activeSequence
        ? {
            id: activeSequence.id,
            name: activeSequence.name,
            current_step: active.current_step,
            total_steps: activeSequence.steps_count,
            status: active.status,
          }
        : null;
    view.sequences = enrollments.map((e) => ({
      id: e.id,
      sequence_id: e.sequence_id,
      name: state.nurtureSequences.find((s) => s.id === e.sequence_id)?.name ?? null,
      status: e.status,
      next_step_at: e.next_step_at,
    }));
  }
  if (include.has('score')) {
    view.score = lead.score;
    view.score_updated_at = lead.score_updated_at;
  }
  if (include.has('siblings')) {
    const siblings = state.leads.filter(
      (other) =>
        other.account_id === lead.account_id &&
        other.id !== lead.id &&
        ((lead.email !== null &&
          other.email !== null &&
          other.email.toLowerCase() === lead.email.toLowerCase()) ||
          (lead.phone !== null && other.phone !== null && samePhone(other.phone, lead.phone))),
    );
    view.siblings = siblings.map((s) => ({
      id: s.id,
      name: s.name,
      pipeline_id: s.pipeline_id,
      stage_id: s.stage_id,
      value: s.value,
      status: leadStatus(store, s),
      created_at: s.created_at,
    }));
    const deals = [lead, ...siblings];
    const statuses = deals.map((d) => leadStatus(store, d));
    view.contact_totals = {
      deals: deals.length,
      open: statuses.filter((s) => s === 'open').length,
      won: statuses.filter((s) => s === 'won').length,
      lost: statuses.filter((s) => s === 'lost').length,
      total_value: deals.reduce((sum, d) => sum + (d.value ?? 0), 0),
    };
  }
  if (include.has('events')) {
    view.events = state.events
      .filter((e) => e.lead_id === lead.id)
      .map(({ lead_id: _leadId, ...event }) => event);
  }
  if (include.has('conversation')) {
    const conversation = state.conversations
      .filter((c) => c.lead_id === lead.id)
      .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[0];
    view.conversation = conversation
      ? {
          id: conversation.id,
          phone: conversation.phone,
          status: conversation.status,
          last_message_at: conversation.last_message_at,
          unread_count: conversation.unread_count,
          instance_id: conversation.instance_id,
        }
      : null;
  }
  return view;
}
