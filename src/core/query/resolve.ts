/**
 * Turns the name forms of lead filters (pipeline, stage, owner) into the ids GET /leads takes,
 * against the account's pipelines and users. Names match blind to case and accents.
 */
import type { Pipeline, User } from '../../api/schemas';
import { codedError } from '../errors';
import { listed, queryError } from './errors';
import type { LeadListFilters, NamedLeadFilters } from './parse';
import { foldName, quoteList } from './text';

export interface FilterLookups {
  /** GET /pipelines → pipelines; needed only when `needsLookups(filters).pipelines`. */
  pipelines?: readonly Pipeline[];
  /** GET /users → data; needed only when `needsLookups(filters).users`. */
  users?: readonly User[];
}

/** Which lists `resolveLeadFilters` needs, so callers spend no request on the others. */
export function needsLookups(filters: NamedLeadFilters): { pipelines: boolean; users: boolean } {
  return {
    pipelines: filters.pipeline !== undefined || filters.stage !== undefined,
    users: filters.owner !== undefined,
  };
}

/**
 * The API filters with ids. Throws an Error naming the bad value and listing the valid names:
 * unknown pipeline, stage or owner; a stage name found in several pipelines (asks for
 * `pipeline=`); a name and an id that disagree.
 */
export function resolveLeadFilters(
  filters: NamedLeadFilters,
  lookups: FilterLookups,
): LeadListFilters {
  const { pipeline, stage, owner, ...api } = filters;
  const resolved: LeadListFilters = { ...api };
  const needs = needsLookups(filters);
  if (needs.pipelines && lookups.pipelines === undefined) {
    throw codedError(
      'resolveLeadFilters needs the pipelines list to resolve pipeline/stage names.',
      'bug',
    );
  }
  if (needs.users && lookups.users === undefined) {
    throw codedError('resolveLeadFilters needs the users list to resolve the owner.', 'bug');
  }

  let chosenPipeline: Pipeline | undefined;
  if (pipeline !== undefined) {
    chosenPipeline = findPipeline(pipeline, lookups.pipelines ?? []);
    resolved.pipeline_id = agree('pipeline', 'pipeline_id', chosenPipeline.id, api.pipeline_id);
  } else if (api.pipeline_id !== undefined && stage !== undefined) {
    chosenPipeline = (lookups.pipelines ?? []).find((p) => p.id === api.pipeline_id);
  }
  if (stage !== undefined) {
    const stageId = findStage(stage, chosenPipeline, api.pipeline_id, lookups.pipelines ?? []);
    resolved.stage_id = agree('stage', 'stage_id', stageId, api.stage_id);
  }
  if (owner !== undefined) {
    const user = findUser(owner, lookups.users ?? []);
    resolved.assigned_to = agree('owner', 'assigned_to', user.id, api.assigned_to);
  }
  return resolved;
}

function agree(
  nameForm: string,
  idForm: string,
  fromName: number,
  given: number | undefined,
): number {
  if (given !== undefined && given !== fromName) {
    throw queryError(
      'queryIdAndName',
      `${nameForm} points at id ${fromName} but ${idForm} is ${given}: give only one of them.`,
      { nameForm, fromName, idForm, given },
    );
  }
  return fromName;
}

/** Exact id written as digits, or a name; a name wins over an id when both could match. */
function matchByNameOrId<T extends { id: number; name: string }>(
  wanted: string,
  items: readonly T[],
): T[] {
  const folded = foldName(wanted);
  const byName = items.filter((item) => foldName(item.name) === folded);
  if (byName.length > 0) return byName;
  if (/^\d+$/.test(wanted.trim())) return items.filter((item) => item.id === Number(wanted.trim()));
  return [];
}

function findPipeline(wanted: string, pipelines: readonly Pipeline[]): Pipeline {
  const matches = matchByNameOrId(wanted, pipelines);
  const [first] = matches;
  if (first === undefined) {
    throw queryError(
      'queryUnknownPipeline',
      `Unknown pipeline "${wanted}". Pipelines in this account: ${listOrNone(pipelines.map((p) => p.name))}.`,
      { name: wanted, valid: listed(pipelines.map((p) => p.name)) },
    );
  }
  if (matches.length > 1) {
    const ids = matches.map((p) => p.id).join(', ');
    throw queryError(
      'queryPipelineSeveral',
      `Pipeline name "${wanted}" matches ${matches.length} pipelines (ids ${ids}): use pipeline_id.`,
      { name: wanted, count: matches.length, ids },
    );
  }
  return first;
}

function findStage(
  wanted: string,
  pipeline: Pipeline | undefined,
  pipelineId: number | undefined,
  pipelines: readonly Pipeline[],
): number {
  if (pipeline !== undefined) {
    const [stage, second] = matchByNameOrId(wanted, pipeline.stages);
    if (stage === undefined) {
      throw queryError(
        'queryUnknownStageIn',
        `Unknown stage "${wanted}" in pipeline "${pipeline.name}". Its stages: ${listOrNone(pipeline.stages.map((s) => s.name))}.`,
        {
          name: wanted,
          pipeline: pipeline.name,
          valid: listed(pipeline.stages.map((s) => s.name)),
        },
      );
    }
    if (second !== undefined) {
      throw queryError(
        'queryStageTwice',
        `Stage name "${wanted}" appears twice in pipeline "${pipeline.name}": use stage_id.`,
        { name: wanted, pipeline: pipeline.name },
      );
    }
    return stage.id;
  }
  if (pipelineId !== undefined) {
    const valid = pipelines.map((p) => `${p.name} (${p.id})`);
    throw queryError(
      'queryStagePipelineId',
      `pipeline_id ${pipelineId} is not a pipeline of this account, so stage "${wanted}" cannot be looked up. Pipelines: ${listOrNone(valid)}.`,
      { id: pipelineId, name: wanted, valid: listed(valid) },
    );
  }
  const found = pipelines.flatMap((p) =>
    matchByNameOrId(wanted, p.stages).map((stage) => ({ pipeline: p, stage })),
  );
  const [only] = found;
  if (only === undefined) {
    const all = pipelines.flatMap((p) => p.stages.map((s) => `${s.name} (${p.name})`));
    throw queryError(
      'queryUnknownStage',
      `Unknown stage "${wanted}". Stages in this account: ${listOrNone(all)}.`,
      { name: wanted, valid: listed(all) },
    );
  }
  if (found.length > 1) {
    const pipelines = quoteList(found.map((f) => f.pipeline.name));
    throw queryError(
      'queryStageSeveral',
      `Stage "${wanted}" exists in several pipelines (${pipelines}): add pipeline=<name> to say which one.`,
      { name: wanted, pipelines },
    );
  }
  return only.stage.id;
}

function findUser(wanted: string, users: readonly User[]): User {
  const email = wanted.trim().toLowerCase();
  const byEmail = users.filter((user) => (user.email ?? '').trim().toLowerCase() === email);
  const matches = byEmail.length > 0 ? byEmail : matchByNameOrId(wanted, users);
  const [first] = matches;
  if (first === undefined) {
    const valid = users.map((u) => `${u.name} <${u.email}>`);
    throw queryError(
      'queryUnknownOwner',
      `Unknown owner "${wanted}". Give a user's name, e-mail or id; users: ${listOrNone(valid)}.`,
      { name: wanted, valid: listed(valid) },
    );
  }
  if (matches.length > 1) {
    const emails = matches.map((u) => u.email).join(', ');
    throw queryError(
      'queryOwnerSeveral',
      `Owner "${wanted}" matches several users (${emails}): give the e-mail instead.`,
      { name: wanted, emails },
    );
  }
  return first;
}

function listOrNone(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.join(', ');
}
