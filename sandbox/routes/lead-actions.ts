import { notFoundFem, ok, unprocessable } from '../http';
import { assertNotBlocked, placeInStage, uniqueTags } from '../lead-rules';
import type { Route, RouteContext } from '../router';
import { iso } from '../store';
import { fold } from '../text';
import { BodyReader } from '../validate';

/**
 * Moving a lead to the stage it is already in changes nothing and records nothing, so a retried
 * request (after a dropped connection) cannot create a second Sale.
 */
function moveStage(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const reader = new BodyReader(ctx.body);
  const stageId = reader.integer('stage_id', { required: true });
  const pipelineId = reader.integer('pipeline_id', { required: true });
  reader.done();
  const pipeline = ctx.store.pipeline(ctx.account.id, pipelineId as number);
  if (!pipeline) reader.add('pipeline_id', 'O pipeline_id informado não existe nesta conta.');
  const stage = ctx.store.stage(ctx.account.id, stageId as number);
  if (!stage) reader.add('stage_id', 'O stage_id informado não existe nesta conta.');
  else if (pipeline && stage.pipeline_id !== pipeline.id) {
    reader.add('stage_id', `A etapa ${stage.id} não pertence ao funil ${pipeline.id}.`);
  }
  reader.done();
  if (stage && stage.id !== lead.stage_id) {
    assertNotBlocked(ctx.store, lead);
    placeInStage(ctx.store, lead, stage, { now: ctx.now, key: ctx.key });
  }
  return ok({ lead_id: lead.id });
}

function markWon(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const reader = new BodyReader(ctx.body);
  const stageId = reader.integer('stage_id', { required: true });
  const value = reader.number('value', { min: 0 });
  reader.done();
  const stage = ctx.store.stage(ctx.account.id, stageId as number);
  if (!stage) reader.add('stage_id', 'O stage_id informado não existe nesta conta.');
  reader.done();
  if (!stage?.is_won) throw unprocessable('A etapa informada não é uma etapa de ganho.');
  if (stage.id !== lead.stage_id) {
    assertNotBlocked(ctx.store, lead);
    placeInStage(ctx.store, lead, stage, {
      now: ctx.now,
      key: ctx.key,
      ...(value !== undefined ? { saleValue: value } : {}),
    });
  }
  return ok({ lead_id: lead.id });
}

function markLost(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const reader = new BodyReader(ctx.body);
  const stageId = reader.integer('stage_id', { required: true });
  const reasonId = reader.integer('reason_id');
  if (
    reasonId !== undefined &&
    !ctx.store.state.lostReasons.some((r) => r.id === reasonId && r.account_id === ctx.account.id)
  ) {
    reader.add(
      'reason_id',
      'O reason_id informado não é um motivo de perda desta conta (veja lost_reasons em GET /pipelines).',
    );
  }
  reader.done();
  const stage = ctx.store.stage(ctx.account.id, stageId as number);
  if (!stage) reader.add('stage_id', 'O stage_id informado não existe nesta conta.');
  reader.done();
  if (!stage?.is_lost) throw unprocessable('A etapa informada não é uma etapa de perda.');
  if (stage.id !== lead.stage_id) {
    assertNotBlocked(ctx.store, lead);
    placeInStage(ctx.store, lead, stage, {
      now: ctx.now,
      key: ctx.key,
      reasonId: reasonId ?? null,
    });
  }
  return ok({ lead_id: lead.id });
}

function addTags(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const reader = new BodyReader(ctx.body);
  const tags = reader.stringArray('tags', { required: true, min: 1 });
  reader.done();
  const merged = uniqueTags([...lead.tags, ...(tags ?? [])]);
  if (merged.length !== lead.tags.length) {
    const added = merged.slice(lead.tags.length);
    lead.tags = merged;
    lead.updated_at = ctx.nowIso;
    ctx.store.addEvent(
      lead.id,
      'tags_added',
      `Tags adicionadas: ${added.join(', ')}.`,
      ctx.store.actorName(ctx.key),
      ctx.nowIso,
    );
  }
  return ok({ lead_id: lead.id, tags: [...lead.tags] });
}

/** Removing a tag the lead does not have is not an error: the answer lists the tags that remain. */
function removeTag(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const target = fold(ctx.params.tag ?? '');
  const remaining = lead.tags.filter((tag) => fold(tag) !== target);
  if (remaining.length !== lead.tags.length) {
    lead.tags = remaining;
    lead.updated_at = ctx.nowIso;
    ctx.store.addEvent(
      lead.id,
      'tag_removed',
      `Tag removida: ${ctx.params.tag}.`,
      ctx.store.actorName(ctx.key),
      ctx.nowIso,
    );
  }
  return ok({ lead_id: lead.id, tags: [...lead.tags] });
}

function enroll(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const reader = new BodyReader(ctx.body);
  const sequenceId = reader.integer('sequence_id', { required: true });
  reader.done();
  const sequence = ctx.store.sequence(ctx.account.id, sequenceId as number);
  if (!sequence) reader.add('sequence_id', 'O sequence_id informado não existe nesta conta.');
  reader.done();
  if (!sequence?.is_active) {
    throw unprocessable(
      `A sequência "${sequence?.name}" está inativa: só é possível inscrever leads em sequências ativas.`,
    );
  }
  const state = ctx.store.state;
  if (
    state.leadSequences.some(
      (e) => e.lead_id === lead.id && e.sequence_id === sequence.id && e.status === 'active',
    )
  ) {
    throw unprocessable(`O lead já está inscrito na sequência "${sequence.name}".`);
  }
  const enrollment = {
    id: ctx.store.nextId('leadSequences'),
    lead_id: lead.id,
    sequence_id: sequence.id,
    status: 'active' as const,
    current_step: 1,
    next_step_at: iso(ctx.now + sequence.first_step_delay_hours * 3_600_000),
    enrolled_at: ctx.nowIso,
  };
  state.leadSequences.push(enrollment);
  sequence.stats_enrolled += 1;
  ctx.store.addEvent(
    lead.id,
    'sequence_enrolled',
    `Inscrito na sequência ${sequence.name}.`,
    ctx.store.actorName(ctx.key),
    ctx.nowIso,
  );
  return ok({
    lead_id: lead.id,
    sequence_id: sequence.id,
    lead_sequence_id: enrollment.id,
    status: enrollment.status,
    next_step_at: enrollment.next_step_at,
  });
}

function unenroll(ctx: RouteContext) {
  const lead = ctx.store.requireLead(ctx.account.id, ctx.params.id);
  const sequenceId = Number(ctx.params.sequence);
  const enrollment = ctx.store.state.leadSequences.find(
    (e) => e.lead_id === lead.id && e.sequence_id === sequenceId && e.status === 'active',
  );
  if (!enrollment) throw notFoundFem('Inscrição ativa do lead nesta sequência');
  enrollment.status = 'exited_manual';
  enrollment.next_step_at = null;
  ctx.store.addEvent(
    lead.id,
    'sequence_exited',
    'Removido da sequência manualmente.',
    ctx.store.actorName(ctx.key),
    ctx.nowIso,
  );
  return ok({ lead_id: lead.id, sequence_id: sequenceId, status: enrollment.status });
}

export const leadActionRoutes: Route[] = [
  { method: 'PUT', pattern: '/leads/:id/stage', scope: 'leads:write', handler: moveStage },
  { method: 'PUT', pattern: '/leads/:id/won', scope: 'leads:write', handler: markWon },
  { method: 'PUT', pattern: '/leads/:id/lost', scope: 'leads:write', handler: markLost },
  { method: 'POST', pattern: '/leads/:id/tags', scope: 'leads:write', handler: addTags },
  { method: 'DELETE', pattern: '/leads/:id/tags/:tag', scope: 'leads:write', handler: removeTag },
  {
    method: 'POST',
    pattern: '/leads/:id/enroll-sequence',
    scope: 'sequences:write',
    handler: enroll,
  },
  {
    method: 'DELETE',
    pattern: '/leads/:id/enroll-sequence/:sequence',
    scope: 'sequences:write',
    handler: unenroll,
  },
];
