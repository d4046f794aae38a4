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
): { block?: string[]; mayBlock?: string[] } {
  if (pending.length === 0) return {};
  const required = findStage(ref, undefined, stageId)?.required;
  if (required === undefined) return { mayBlock: [...new Set(pending)] };
  const block = [...new Set(pending.filter((task) => required.some((r) => sameName(r, task))))];
  return block.length > 0 ? { block } : {};
}
