import type { PipelineSpec, StageSpec } from './pipeline-spec';
import { iso, type Store } from './store';
import { fold } from './text';
import type { PipelineRow, StageRow } from './types';

/** The re-importable spec of a stored pipeline (what POST and PUT accept back). */
export function pipelineSpecOf(store: Store, pipeline: PipelineRow): PipelineSpec {
  return {
    name: pipeline.name,
    color: pipeline.color,
    auto_create_from_chatapp: pipeline.auto_create_from_chatapp,
    auto_create_from_social: pipeline.auto_create_from_social,
    stages: store.stagesOf(pipeline.id).map((stage) => ({
      name: stage.name,
      color: stage.color,
      is_won: stage.is_won,
      is_lost: stage.is_lost,
      required_tasks: store.state.requiredTasks
        .filter((t) => t.stage_id === stage.id)
        .sort((a, b) => a.position - b.position)
        .map((t) => ({ subject: t.subject, task_type: t.task_type, priority: t.priority })),
    })),
  };
}

export function stageView(stage: StageRow) {
  return {
    id: stage.id,
    name: stage.name,
    color: stage.color,
    is_won: stage.is_won,
    is_lost: stage.is_lost,
  };
}

export function pipelineDetail(store: Store, pipeline: PipelineRow) {
  const stages = store.stagesOf(pipeline.id);
  return {
    id: pipeline.id,
    name: pipeline.name,
    is_default: pipeline.is_default,
    stage_count: stages.length,
    lead_count: store.state.leads.filter((l) => l.pipeline_id === pipeline.id).length,
    stages: stages.map(stageView),
    spec: pipelineSpecOf(store, pipeline),
  };
}

export function createPipeline(
  store: Store,
  accountId: number,
  spec: PipelineSpec,
  now: number,
): PipelineRow {
  const at = iso(now);
  const pipeline: PipelineRow = {
    id: store.nextId('pipelines'),
    account_id: accountId,
    name: spec.name,
    color: spec.color,
    auto_create_from_chatapp: spec.auto_create_from_chatapp,
    auto_create_from_social: spec.auto_create_from_social,
    is_default: store.pipelinesOf(accountId).length === 0,
    created_at: at,
    updated_at: at,
  };
  store.state.pipelines.push(pipeline);
  spec.stages.forEach((stageSpec, index) => {
    addStage(store, pipeline.id, stageSpec, index);
  });
  return pipeline;
}

function addStage(store: Store, pipelineId: number, spec: StageSpec, position: number): StageRow {
  const stage: StageRow = {
    id: store.nextId('stages'),
    pipeline_id: pipelineId,
    name: spec.name,
    color: spec.color,
    is_won: spec.is_won,
    is_lost: spec.is_lost,
    position,
  };
  store.state.stages.push(stage);
  setRequiredTasks(store, stage.id, spec);
  return stage;
}

/** Tasks matched by subject keep their id; the rest are created or dropped. */
function setRequiredTasks(store: Store, stageId: number, spec: StageSpec): void {
  const existing = store.state.requiredTasks.filter((t) => t.stage_id === stageId);
  const kept = new Set<number>();
  spec.required_tasks.forEach((taskSpec, position) => {
    const match = existing.find((t) => fold(t.subject) === fold(taskSpec.subject));
    if (match) {
      Object.assign(match, { ...taskSpec, position });
      kept.add(match.id);
    } else {
      const id = store.nextId('requiredTasks');
      store.state.requiredTasks.push({ id, stage_id: stageId, ...taskSpec, position });
      kept.add(id);
    }
  });
  store.state.requiredTasks = store.state.requiredTasks.filter(
    (t) => t.stage_id !== stageId || kept.has(t.id),
  );
}

/** Stages of `pipeline` that `spec` drops although leads sit in them. */
export function stagesLosingLeads(store: Store, pipeline: PipelineRow, spec: PipelineSpec) {
  const wanted = new Set(spec.stages.map((s) => fold(s.name)));
  return store
    .stagesOf(pipeline.id)
    .filter((stage) => !wanted.has(fold(stage.name)))
    .map((stage) => ({
      stage,
      leads: store.state.leads.filter((l) => l.stage_id === stage.id).length,
    }))
    .filter((entry) => entry.leads > 0);
}

/** PUT: replaces the spec in place; stages matched by name keep their id, so leads stay linked. */
export function replacePipeline(
  store: Store,
  pipeline: PipelineRow,
  spec: PipelineSpec,
  now: number,
): void {
  Object.assign(pipeline, {
    name: spec.name,
    color: spec.color,
    auto_create_from_chatapp: spec.auto_create_from_chatapp,
    auto_create_from_social: spec.auto_create_from_social,
    updated_at: iso(now),
  });
  const existing = store.stagesOf(pipeline.id);
  const kept = new Set<number>();
  spec.stages.forEach((stageSpec, position) => {
    const match = existing.find((s) => fold(s.name) === fold(stageSpec.name));
    if (match) {
      Object.assign(match, {
        name: stageSpec.name,
        color: stageSpec.color,
        is_won: stageSpec.is_won,
        is_lost: stageSpec.is_lost,
        position,
      });
      setRequiredTasks(store, match.id, stageSpec);
      kept.add(match.id);
    } else {
      kept.add(addStage(store, pipeline.id, stageSpec, position).id);
    }
  });
  const dropped = new Set(existing.filter((s) => !kept.has(s.id)).map((s) => s.id));
  store.state.stages = store.state.stages.filter((s) => !dropped.has(s.id));
  store.state.requiredTasks = store.state.requiredTasks.filter((t) => !dropped.has(t.stage_id));
}

export function deletePipelineRows(store: Store, pipeline: PipelineRow): void {
  const stageIds = new Set(store.stagesOf(pipeline.id).map((s) => s.id));
  store.state.pipelines = store.state.pipelines.filter((p) => p.id !== pipeline.id);
  store.state.stages = store.state.stages.filter((s) => !stageIds.has(s.id));
  store.state.requiredTasks = store.state.requiredTasks.filter((t) => !stageIds.has(t.stage_id));
}
