import { type FieldErrors, ok } from '../http';
import { createLead, readLeadInput, updateLead } from '../lead-rules';
import { leadStatus, leadView, parseInclude } from '../lead-view';
import { paginate, readPage, readPositiveInt, throwIfErrors } from '../paginate';
import type { Route, RouteContext } from '../router';
import type { LeadListOrder } from '../store';
import { digitsOf, fold, normalizeEmail, samePhone } from '../text';
import type { LeadRow } from '../types';
import { BodyReader, toIsoDate } from '../validate';

export const LEAD_STATUSES = ['open', 'won', 'lost'] as const;
export const MATCH_BY = ['email', 'phone', 'email_or_phone'] as const;

function listLeads(ctx: RouteContext) {
  const { query, store, account } = ctx;
  const errors: FieldErrors = {};
  const page = readPage(query, { perPage: 50, maxPerPage: 200 }, errors);
  const pipelineId = readPositiveInt(query, 'pipeline_id', errors);
  const stageId = readPositiveInt(query, 'stage_id', errors);
  const assignedTo = readPositiveInt(query, 'assigned_to', errors);
  const status = query.get('status');
  if (status !== undefined && !(LEAD_STATUSES as readonly string[]).includes(status)) {
    errors.status = [`O valor de status é inválido. Use um destes: ${LEAD_STATUSES.join(', ')}.`];
  }
  const updatedSince = readInstant(query.get('updated_since'), 'updated_since', 'start', errors);
  const createdFrom = readInstant(query.get('created_from'), 'created_from', 'start', errors);
  const createdTo = readInstant(query.get('created_to'), 'created_to', 'end', errors);
  throwIfErrors(errors);

  const tags = query.list('tags').map(fold);
  const source = query.get('source');
  const search = query.get('q');
  const searchText = search === undefined ? '' : fold(search);
  const searchDigits = search === undefined || !looksLikePhone(search) ? '' : digitsOf(search);

  // One pass over every lead, not a copy of the account's first: a 60,000-lead account made
  // that copy most of a request's time.
  const rows = store.state.leads.filter((lead) => {
    if (lead.account_id !== account.id) return false;
    if (pipelineId !== undefined && lead.pipeline_id !== pipelineId) return false;
    if (stageId !== undefined && lead.stage_id !== stageId) return false;
    if (assignedTo !== undefined && lead.assigned_to !== assignedTo) return false;
    if (source !== undefined && fold(lead.source ?? '') !== fold(source)) return false;
    if (status !== undefined && leadStatus(store, lead) !== status) return false;
    if (tags.length > 0 && !lead.tags.some((tag) => tags.includes(fold(tag)))) return false;
    if (updatedSince !== undefined && Date.parse(lead.updated_at) < updatedSince) return false;
    if (createdFrom !== undefined && Date.parse(lead.created_at) < createdFrom) return false;
    if (createdTo !== undefined && Date.parse(lead.created_at) > createdTo) return false;
    if (search !== undefined && !matchesSearch(lead, searchText, searchDigits)) return false;
    return true;
  });
  sortLeads(rows, store.leadListOrder);
  const include = parseInclude(query.get('include'), false);
  const { items, meta } = paginate(rows, page);
  return ok({ data: items.map((lead) => leadView(store, lead, include)), meta });
}

/** The configured list order (store.ts LEAD_LIST_ORDERS); every order is total, so pages are stable. */
function sortLeads(rows: LeadRow[], order: LeadListOrder): void {
  if (order === 'id') {
    rows.sort((a, b) => a.id - b.id);
  } else if (order === 'arbitrary') {
    rows.sort((a, b) => shuffleKey(a.id) - shuffleKey(b.id) || a.id - b.id);
  } else if (order === 'updated') {
    rows.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
  } else {
    // Newest first, the CRM screen's order; id breaks ties.
    rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  }
}

/** A fixed pseudo-random rank of an id (an integer hash): neither created_at nor id order. */
function shuffleKey(id: number): number {
  let x = Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d);
  x = Math.imul(x ^ (x >>> 15), 0x85ebca6b);
  return (x ^ (x >>> 13)) >>> 0;
}

/** Fewest digits a phone search needs, so `q=1` does not match every phone. */
const MIN_PHONE_SEARCH_DIGITS = 3;

/**
 * The contract searches "name, email or phone": a query is a phone only when it is written like
 * one (digits with `+`, spaces, dots, dashes or parentheses). The digits of any other text (an
 * e-mail like `ana2024@…`, `Pedido 123`) are not matched against phones.
 */
function looksLikePhone(query: string): boolean {
  return /^[\d\s+().-]+$/.test(query) && digitsOf(query).length >= MIN_PHONE_SEARCH_DIGITS;
}

function matchesSearch(lead: LeadRow, text: string, digits: string): boolean {
  if (fold(lead.name).includes(text)) return true;
  if (lead.email !== null && fold(lead.email).includes(text)) return true;
  if (lead.phone !== null && digits !== '' && digitsOf(lead.phone).includes(digits)) return true;
  return false;
}

/**
 * A date or ISO timestamp as epoch ms; a bare date means the start of that UTC day, or its
 * end for an upper bound (`created_to=2026-11-21` includes the whole 21st).
 */
function readInstant(
  raw: string | undefined,
  name: string,
  bound: 'start' | 'end',
  errors: FieldErrors,
): number | undefined {
  if (raw === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    if (toIsoDate(raw) === undefined) {
      errors[name] = [`O campo ${name} deve ser uma data válida (AAAA-MM-DD ou ISO 8601).`];
      return undefined;
    }
    const start = Date.parse(`${raw}T00:00:00Z`);
    return bound === 'start' ? start : start + 86_400_000 - 1;
  }
  const parsed = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(parsed)) {
    errors[name] = [`O campo ${name} deve ser uma data válida (AAAA-MM-DD ou ISO 8601).`];
    return undefined;
  }
  return parsed;
}

function createLeadRoute(ctx: RouteContext) {
  const reader = new BodyReader(ctx.body);
  const input = readLeadInput(reader, ctx.store, ctx.account.id, {
    name: true,
    pipelineAndStage: true,
  });
  reader.done();
  const lead = createLead(
    ctx.store,
    ctx.account,
    ctx.key,
    input as typeof input & { name: string; stage_id: number },
    ctx.now,
  );
  return ok({ lead: leadView(ctx.store, lead) }, 201);
}

function upsertLead(ctx: RouteContext) {
  const reader = new BodyReader(ctx.body);
  const matchBy = reader.oneOf('match_by', MATCH_BY) ?? 'email_or_phone';
  const input = readLeadInput(reader, ctx.store, ctx.account.id, {
    name: false,
    pipelineAndStage: false,
  });
  if (!reader.hasErrors()) {
    if (matchBy === 'email' && !reader.filled('email')) {
      reader.add('email', 'O campo email é obrigatório quando match_by é email.');
    } else if (matchBy === 'phone' && !reader.filled('phone')) {
      reader.add('phone', 'O campo phone é obrigatório quando match_by é phone.');
    } else if (!reader.filled('email') && !reader.filled('phone')) {
      reader.add('email', 'Informe email ou phone: um deles é a chave de busca do lead.');
    }
  }
  reader.done();

  // The account's leads are found in place (a copy of a 60,000-lead account cost more than the
  // search), the key normalised once.
  const accountId = ctx.account.id;
  const leads = ctx.store.state.leads;
  const byEmail = () => {
    if (input.email === undefined) return undefined;
    const email = normalizeEmail(input.email as string);
    return leads.find(
      (l) => l.account_id === accountId && l.email !== null && normalizeEmail(l.email) === email,
    );
  };
  const byPhone = () =>
    input.phone === undefined
      ? undefined
      : leads.find(
          (l) =>
            l.account_id === accountId &&
            l.phone !== null &&
            samePhone(l.phone, input.phone as string),
        );
  const existing =
    matchBy === 'email' ? byEmail() : matchBy === 'phone' ? byPhone() : (byEmail() ?? byPhone());

  if (existing) {
    // A lone pipeline_id means "its first stage" only for a lead coming from another pipeline.
    if (!reader.filled('stage_id') && input.pipeline_id === existing.pipeline_id)
      delete input.stage_id;
    updateLead(ctx.store, existing, ctx.key, input, ctx.now);
    return ok({ created: false, lead: leadView(ctx.store, existing) }, 200);
  }
  if (input.name === undefined) {
    reader.add(
      'name',
      'O campo name é obrigatório para criar um lead (nenhum lead corresponde à chave).',
    );
  }
  if (input.stage_id === undefined) {
    const pipeline = ctx.store.pipelinesOf(ctx.account.id).find((p) => p.is_default);
    const first = pipeline ? ctx.store.stagesOf(pipeline.id)[0] : undefined;
    if (first) input.stage_id = first.id;
    else reader.add('stage_id', 'A conta não tem funil padrão: informe pipeline_id e stage_id.');
  }
  reader.done();
  const lead = createLead(
    ctx.store,
    ctx.account,
    ctx.key,
    input as typeof input & { name: string; stage_id: number },
    ctx.now,
  );
  return ok({ created: true, lead: leadView(ctx.store, lead) }, 201);
}

function getLead(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const include = parseInclude(ctx.query.get('include'), true);
  return ok({ lead: leadView(ctx.store, lead, include) });
}

function deleteLead(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const state = ctx.store.state;
  state.leads = state.leads.filter((l) => l.id !== lead.id);
  // Relations die with the lead; sales and losses stay, as the CRM's reports keep them.
  state.tasks = state.tasks.filter((t) => t.lead_id !== lead.id);
  state.leadSequences = state.leadSequences.filter((e) => e.lead_id !== lead.id);
  state.leadProducts = state.leadProducts.filter((p) => p.lead_id !== lead.id);
  state.contacts = state.contacts.filter((c) => c.lead_id !== lead.id);
  state.notes = state.notes.filter((n) => n.lead_id !== lead.id);
  state.events = state.events.filter((e) => e.lead_id !== lead.id);
  return ok({});
}

export const leadRoutes: Route[] = [
  { method: 'GET', pattern: '/leads', scope: 'leads:read', handler: listLeads },
  { method: 'POST', pattern: '/leads', scope: 'leads:write', handler: createLeadRoute },
  { method: 'POST', pattern: '/leads/upsert', scope: 'leads:write', handler: upsertLead },
  { method: 'GET', pattern: '/leads/:id', scope: 'leads:read', handler: getLead },
  { method: 'DELETE', pattern: '/leads/:id', scope: 'leads:write', handler: deleteLead },
];
