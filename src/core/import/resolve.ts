import type { Pipeline, User } from '../../api/schemas';
import { type Translate, translator } from '../i18n';
import type { Normalized } from './normalize';
import { describeCell, listBriefly, valueKey } from './text-key';

const ENGLISH = translator('en');

export type Stage = NonNullable<Pipeline['stages']>[number];

/**
 * Name and id indexes over the account's pipelines and users, built once per job so a
 * row costs map look-ups only.
 */
export interface Directory {
  pipelines: readonly Pipeline[];
  pipelineById: Map<number, Pipeline>;
  pipelinesByName: Map<string, Pipeline[]>;
  stageById: Map<number, { pipeline: Pipeline; stage: Stage }>;
  usersById: Map<number, User>;
  usersByEmail: Map<string, User>;
  usersByName: Map<string, User[]>;
  users: readonly User[];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildDirectory(pipelines: readonly Pipeline[], users: readonly User[]): Directory {
  const directory: Directory = {
    pipelines,
    pipelineById: new Map(),
    pipelinesByName: new Map(),
    stageById: new Map(),
    usersById: new Map(),
    usersByEmail: new Map(),
    usersByName: new Map(),
    users,
  };
  for (const pipeline of pipelines) {
    directory.pipelineById.set(pipeline.id, pipeline);
    push(directory.pipelinesByName, valueKey(pipeline.name ?? ''), pipeline);
    for (const stage of pipeline.stages ?? [])
      directory.stageById.set(stage.id, { pipeline, stage });
  }
  for (const user of users) {
    directory.usersById.set(user.id, user);
    if (user.email) directory.usersByEmail.set(user.email.trim().toLowerCase(), user);
    push(directory.usersByName, valueKey(user.name ?? ''), user);
  }
  return directory;
}

/** An id typed as a number or as digits; undefined for anything else. */
function asId(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

const names = (items: readonly { name?: string | null }[]) =>
  listBriefly([...new Set(items.map((i) => i.name ?? ''))]);

/** Pipeline by id or name (case- and accent-blind). */
export function resolvePipeline(
  value: unknown,
  directory: Directory,
  t: Translate = ENGLISH,
): Normalized<Pipeline> {
  const id = asId(value);
  const byId = id === undefined ? undefined : directory.pipelineById.get(id);
  if (byId) return { ok: true, value: byId };
  const found = directory.pipelinesByName.get(valueKey(String(value))) ?? [];
  if (found.length === 1 && found[0]) return { ok: true, value: found[0] };
  return {
    ok: false,
    error: t('import.place.noPipeline', {
      value: describeCell(value),
      names: names(directory.pipelines),
    }),
  };
}

/** Stage by id or name inside a known pipeline. */
export function resolveStageIn(
  value: unknown,
  pipeline: Pipeline,
  directory: Directory,
  t: Translate = ENGLISH,
): Normalized<Stage> {
  const stages = pipeline.stages ?? [];
  const id = asId(value);
  if (id !== undefined) {
    const stage = stages.find((s) => s.id === id);
    if (stage) return { ok: true, value: stage };
    const elsewhere = directory.stageById.get(id);
    if (elsewhere) {
      return {
        ok: false,
        error: t('import.place.stageElsewhere', {
          id,
          pipeline: elsewhere.pipeline.name ?? '',
          wanted: pipeline.name ?? '',
        }),
      };
    }
  }
  const key = valueKey(String(value));
  const stage = stages.find((s) => valueKey(s.name ?? '') === key);
  if (stage) return { ok: true, value: stage };
  return {
    ok: false,
    error: t('import.place.noStageIn', {
      value: describeCell(value),
      pipeline: pipeline.name ?? '',
      names: names(stages),
    }),
  };
}

/** Stage by id or name when no pipeline was given: the stage decides the pipeline if unique. */
export function resolveStageAnywhere(
  value: unknown,
  directory: Directory,
  t: Translate = ENGLISH,
): Normalized<{ pipeline: Pipeline; stage: Stage }> {
  const id = asId(value);
  const byId = id === undefined ? undefined : directory.stageById.get(id);
  if (byId) return { ok: true, value: byId };
  const key = valueKey(String(value));
  const matches = directory.pipelines.flatMap((pipeline) =>
    (pipeline.stages ?? [])
      .filter((s) => valueKey(s.name ?? '') === key)
      .map((stage) => ({ pipeline, stage })),
  );
  if (matches.length === 1 && matches[0]) return { ok: true, value: matches[0] };
  if (matches.length > 1) {
    return {
      ok: false,
      error: t('import.place.stageAmbiguous', {
        value: describeCell(value),
        names: listBriefly(matches.map((m) => m.pipeline.name ?? '')),
      }),
    };
  }
  return { ok: false, error: t('import.place.noStage', { value: describeCell(value) }) };
}

/** User by id, email or name. */
export function resolveUser(
  value: unknown,
  directory: Directory,
  t: Translate = ENGLISH,
): Normalized<User> {
  const id = asId(value);
  const byId = id === undefined ? undefined : directory.usersById.get(id);
  if (byId) return { ok: true, value: byId };
  const text = String(value).trim();
  if (text.includes('@')) {
    const user = directory.usersByEmail.get(text.toLowerCase());
    if (user) return { ok: true, value: user };
  }
  const found = directory.usersByName.get(valueKey(text)) ?? [];
  if (found.length === 1 && found[0]) return { ok: true, value: found[0] };
  if (found.length > 1) {
    const emails = listBriefly(found.map((u) => u.email ?? String(u.id)));
    return {
      ok: false,
      error: t('import.place.usersNamed', {
        count: found.length,
        value: describeCell(value),
        emails,
      }),
    };
  }
  return {
    ok: false,
    error: t('import.place.noUser', { value: describeCell(value), names: names(directory.users) }),
  };
}
