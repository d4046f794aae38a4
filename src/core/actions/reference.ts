import type { CrmApi, Page, Settled } from '../../api';
import { ForbiddenError } from '../../api/errors';
import type { Translate } from '../i18n';
import { type DecimalMark, type Normalized, parseNumber, splitList } from '../import/normalize';
import { valueKey } from '../import/text-key';
import type { ActionEntry } from './entry';
import type { ActionReference, LeadActionParams } from './types';

type Pipeline = ActionReference['pipelines'][number];
type Stage = Pipeline['stages'][number];

/** Names are matched as headers are: without regard to case, accents, spaces or `_`. */
function sameName(a: string, b: string): boolean {
  return valueKey(a) === valueKey(b);
}

function asId(value: string | number): number | undefined {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** A param's value for this row: fixed, or the row's cell (`{column}`); undefined when empty. */
export function paramOf(
  params: LeadActionParams,
  entry: ActionEntry,
  name: keyof LeadActionParams,
): string | number | string[] | undefined {
  const source = params[name];
  if (source !== null && typeof source === 'object' && !Array.isArray(source)) {
    const cell = entry.c?.[name];
    return cell === undefined || cell.trim() === '' ? undefined : cell;
  }
  if (source === undefined || source === '') return undefined;
  return source as string | number | string[];
}

export function findPipeline(ref: ActionReference, value: string | number): Pipeline | undefined {
  const id = asId(value);
  return (
    ref.pipelines.find((p) => p.id === id) ??
    ref.pipelines.find((p) => sameName(p.name, String(value)))
  );
}

export function pipelineOfStage(ref: ActionReference, stageId: number): Pipeline | undefined {
  return ref.pipelines.find((p) => p.stages.some((s) => s.id === stageId));
}

/** A stage by id (anywhere) or by name within `pipeline`. */
export function findStage(
  ref: ActionReference,
  pipeline: Pipeline | undefined,
  value: string | number,
): Stage | undefined {
  const id = asId(value);
  if (id !== undefined) {
    for (const p of ref.pipelines) {
      const stage = p.stages.find((s) => s.id === id);
      if (stage) return stage;
    }
  }
  return pipeline?.stages.find((s) => sameName(s.name, String(value)));
}

export function stageName(ref: ActionReference, stageId: number): string {
  for (const p of ref.pipelines) {
    const stage = p.stages.find((s) => s.id === stageId);
    if (stage) return stage.name;
  }
  return `#${stageId}`;
}

export function pipelineName(ref: ActionReference, pipelineId: number): string {
  return ref.pipelines.find((p) => p.id === pipelineId)?.name ?? `#${pipelineId}`;
}

export function findSequence(
  ref: ActionReference,
  value: string | number,
): ActionReference['sequences'][number] | undefined {
  const id = asId(value);
  return (
    ref.sequences.find((s) => s.id === id) ??
    ref.sequences.find((s) => sameName(s.name, String(value)))
  );
}

export function findLostReason(
  ref: ActionReference,
  value: string | number,
): ActionReference['lostReasons'][number] | undefined {
  const id = asId(value);
  return (
    ref.lostReasons.find((r) => r.id === id) ??
    ref.lostReasons.find((r) => sameName(r.name, String(value)))
  );
}

/** Tags from a list or a `;`/`,` text. */
export function tagsOf(value: string | number | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.flatMap((v) => splitList(v)) : splitList(value);
}

/**
 * A money value: numbers as they are, text as the spreadsheet's locale writes it (`decimal`:
 * `R$ 1.234,56`, `1,234.56`); undefined when none is given.
 */
export function moneyOf(
  value: string | number | string[] | undefined,
  t: Translate,
  decimal: DecimalMark,
): Normalized<number> | undefined {
  if (value === undefined || Array.isArray(value)) return undefined;
  return parseNumber(value, t, decimal);
}

/** Tags compare as the CRM folds them (case and accents). */
export function sameTag(a: string, b: string): boolean {
  return valueKey(a) === valueKey(b);
}

/**
 * The pipeline with each stage's mandatory task subjects from its spec (GET /pipelines/{id}),
 * stages matched by name as the CRM matches them on PUT.
 */
export function withRequiredTasks(
  pipeline: Pipeline,
  spec: { stages: readonly { name: string; required_tasks?: readonly { subject: string }[] }[] },
): Pipeline {
  return {
    ...pipeline,
    stages: pipeline.stages.map((stage) => {
      const own = spec.stages.find((s) => sameName(s.name, stage.name));
      return own ? { ...stage, required: (own.required_tasks ?? []).map((r) => r.subject) } : stage;
    }),
  };
}

/**
 * What stands in the way of moving a lead out of its stage, as the CRM judges it: the stage's
 * mandatory tasks (by subject) among the lead's pending tasks; when the stage's mandatory tasks
 * are unknown, every pending task may be one.
 */
export function pendingBlock(
  ref: ActionReference,
  stageId: number,
  pending: readonly string[],
): { block?: string[]; mayBlock?: string[]; open?: string[] } {
  if (pending.length === 0) return {};
  const required = findStage(ref, undefined, stageId)?.required;
  if (required === undefined) return { mayBlock: [...new Set(pending)] };
  const inSpec = (task: string) => required.some((r) => sameName(r, task));
  const block = [...new Set(pending.filter(inSpec))];
  // A pending task the spec does not name may still be mandatory in the CRM (added there, or
  // left by a spec changed since): only a task read (its `is_required`) tells.
  const open = [...new Set(pending.filter((task) => !inSpec(task)))];
  return { ...(block.length > 0 ? { block } : {}), ...(open.length > 0 ? { open } : {}) };
}

/** A task as `GET /tasks` lists it: `is_required` and `stage_id` when the CRM shows them. */
export interface ReadTask {
  subject?: string | null;
  status?: string | null;
  lead_id?: number | null;
  is_required?: unknown;
  stage_id?: unknown;
}

/**
 * What holds a lead in its stage once its pending tasks were read (`GET /tasks?lead_id=…`), for
 * the `open` tasks the stage's spec does not name: a pending task of the lead's stage marked
 * `is_required` blocks the move as the CRM judges it; one whose flag the CRM does not show may.
 */
export function holdFromTasks<S extends { s: number; block?: string[]; mayBlock?: string[] }>(
  state: S & { open?: string[] },
  leadId: number,
  tasks: readonly ReadTask[],
  whole = true,
): S {
  const { open = [], ...rest } = state;
  const block = new Set(rest.block ?? []);
  const mayBlock = new Set(rest.mayBlock ?? []);
  for (const task of tasks) {
    const subject = task.subject ?? '';
    if (task.status !== 'pending' || !open.some((o) => sameName(o, subject))) continue;
    if (typeof task.lead_id === 'number' && task.lead_id !== leadId) continue;
    if (typeof task.stage_id === 'number' && task.stage_id !== state.s) continue;
    if (task.is_required === true) block.add(subject);
    else if (typeof task.is_required !== 'boolean') mayBlock.add(subject);
  }
  // Tasks past the page read stay unknown: they may hold the move.
  if (!whole)
    for (const o of open) if (!tasks.some((t) => sameName(t.subject ?? '', o))) mayBlock.add(o);
  const out = { ...rest } as S;
  if (block.size > 0) out.block = [...block];
  if (mayBlock.size > 0) out.mayBlock = [...mayBlock];
  return out;
}

/** Whether a lead's state still waits on its task read (pending tasks the spec does not name). */
export function tasksToRead(state: { open?: string[] } | undefined): boolean {
  return (state?.open?.length ?? 0) > 0;
}

/** The read that tells the `open` tasks apart: the lead's pending tasks, one page. */
export function readOpenTasks(leadId: number): (api: CrmApi) => unknown {
  return (api) => api.tasks.list({ lead_id: leadId, status: 'pending', per_page: 200 });
}

/**
 * The state once its task read answered; undefined when it must be read again later. A key
 * without tasks:read cannot tell: the open tasks may hold the move, and the words say so.
 */
export function afterTasksRead<S extends { s: number; block?: string[]; mayBlock?: string[] }>(
  state: S & { open?: string[] },
  leadId: number,
  answer: Settled<unknown>,
): S | undefined {
  if (!answer.ok)
    return answer.error instanceof ForbiddenError
      ? holdFromTasks(state, leadId, [], false)
      : undefined;
  const page = answer.value as Page<ReadTask>;
  return holdFromTasks(state, leadId, page.data ?? [], !(page.meta?.has_more ?? false));
}
