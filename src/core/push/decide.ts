/**
 * What a push row calls for (pure), from three views of each column the person changed: the
 * sheet's cell now (`c`), the cell the export (or the last push) left (`w`), and the lead as the
 * CRM holds it now (`b.n`). PRODUCT.md "Round trip": a field the CRM also changed since (to
 * another value) is a CONFLICT; an emptied cell is SKIPPED with words (this API cannot empty a
 * field) while the row's other changes go; a value the field refuses is INVALID; what the CRM
 * already holds costs no request.
 */
import type { CustomFieldDefinition, UpsertLeadInput } from '../../api/schemas';
import { stageHold } from '../actions/decide';
import { findPipeline, findStage, sameTag, stageName } from '../actions/reference';
import type { ActionReference } from '../actions/types';
import type { Locale, Translate } from '../i18n';
import { normalizePhone, splitList } from '../import/normalize';
import { type Directory, resolveUser } from '../import/resolve';
import type { ValueContext } from '../import/row';
import { emailKey } from '../leads/resolver';
import { type FieldRole, goesByUpsert, normalizedValue, roleOf, shownValue } from './fields';
import { decodeCanon } from './memory';
import type { PushEntry, PushRequest } from './types';

export interface PushContext {
  t: Translate;
  locale: Locale;
  ref: ActionReference;
  directory: Directory;
  customFields: readonly CustomFieldDefinition[];
  values: ValueContext;
  /** A Date cell as `YYYY-MM-DD` in the spreadsheet's zone. */
  formatDate: (date: Date) => string;
  onConflict: 'skip' | 'sheet';
  /** Export column → the header the person sees. */
  labels: Readonly<Record<string, string>>;
}

export type PushDecision =
  | { kind: 'gone' }
  | { kind: 'final'; status: 'NO_CHANGE' | 'CONFLICT' | 'INVALID' | 'SKIPPED'; words: string }
  | {
      kind: 'change';
      words: string;
      requests: PushRequest[];
      /** The stage move is held (mandatory tasks): the row ends SKIPPED once the rest went. */
      held?: true;
    };

/** The upsert's key for a row whose fields change: the lead's own e-mail, or its phone. */
export function upsertKey(ctx: PushContext, entry: PushEntry): string | undefined | 'both' {
  const columns = Object.keys(entry.c ?? {}).filter((c) => goesByUpsert(c, ctx.customFields));
  if (columns.length === 0 || !entry.b) return undefined;
  const changes = (column: string) => columns.includes(column) && entry.c?.[column] !== '';
  const phone = () => {
    if (!entry.b?.ph) return undefined;
    const normal = normalizePhone(entry.b.ph, ctx.values.defaultCountry);
    return `p:${normal.ok ? normal.value : entry.b.ph}`;
  };
  // A new e-mail is found by the lead's phone, a new phone by its e-mail (PRODUCT.md).
  if (changes('email') && changes('phone')) return 'both';
  if (changes('email')) return phone();
  if (entry.b.e) return `e:${emailKey(entry.b.e)}`;
  return changes('phone') ? undefined : phone();
}

interface Field {
  column: string;
  role: FieldRole;
  label: string;
  sheet: string;
  crm: string | undefined;
}

export function decidePush(ctx: PushContext, entry: PushEntry): PushDecision {
  const { t } = ctx;
  if (entry.g === 1 || !entry.b) return { kind: 'gone' };
  const state = entry.b;
  const shown = (canon: string | undefined, column: string) =>
    shownValue(canon, column, { ...ctx, customFields: ctx.customFields });
  const skipped: string[] = [];
  const conflicts: string[] = [];
  const invalid: string[] = [];
  const fields: Field[] = [];
  for (const [column, sheet] of Object.entries(entry.c ?? {})) {
    const role = roleOf(column, ctx.customFields);
    const label = ctx.labels[column] ?? column;
    const remembered = entry.w?.[column] ?? '';
    const crm = state.n[column];
    if (role.kind === 'readOnly') {
      skipped.push(t('push.words.readOnly', { column: label }));
      continue;
    }
    if (sheet === '') {
      skipped.push(t('push.words.emptied', { column: label, crm: shown(crm, column) }));
      continue;
    }
    // The CRM changed it since (to another value than the person's): a conflict. Values are
    // compared as the CRM takes them (`R$ 9.500,50` is 9500.5, `(11) 98765-4321` is E.164).
    if (
      crm !== undefined &&
      !sameValue(ctx, role, crm, remembered) &&
      !sameValue(ctx, role, crm, sheet)
    ) {
      conflicts.push(
        t('push.words.conflict', {
          column: label,
          sheet: shown(sheet, column),
          crm: shown(crm, column),
          before: shown(remembered, column),
        }),
      );
      if (ctx.onConflict !== 'sheet') continue;
    }
    fields.push({ column, role, label, sheet, crm });
  }
  if (conflicts.length > 0 && ctx.onConflict !== 'sheet')
    return { kind: 'final', status: 'CONFLICT', words: conflicts.join('; ') };
  const words: string[] = [];
  const requests: PushRequest[] = [];
  const body: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  let tagsAdd: string[] = [];
  let tagsRemove: string[] = [];
  let place: { pipeline?: string; stage?: string } = {};
  for (const field of fields) {
    const { column, role, label, sheet, crm } = field;
    const change = () => words.push(`${label}: ${shown(crm, column)} → ${shown(sheet, column)}`);
    if (role.kind === 'lead' || role.kind === 'custom') {
      const value = normalizedValue(role, sheet, ctx.values);
      if (!value?.ok) {
        invalid.push(`${label}: ${value?.error ?? ''}`);
        continue;
      }
      if (crm !== undefined && sameValue(ctx, role, crm, sheet)) continue;
      if (role.kind === 'lead') body[role.field] = value.value;
      else custom[role.field.name] = value.value;
      // Shown as the CRM will hold it: `R$ 9.500,50` typed as text reads as money.
      const after = typeof value.value === 'number' ? `@n${value.value}` : sheet;
      words.push(`${label}: ${shown(crm, column)} → ${shown(after, column)}`);
    } else if (role.kind === 'owner') {
      const user = resolveUser(decodeCanon(sheet), ctx.directory, t);
      if (!user.ok) {
        invalid.push(`${label}: ${user.error}`);
        continue;
      }
      if (crm !== undefined && sameOwner(ctx, crm, user.value.id)) continue;
      body.assigned_to = user.value.id;
      change();
    } else if (role.kind === 'tags') {
      const now = splitList(decodeCanon(sheet));
      const before = splitList(decodeCanon(entry.w?.[column] ?? ''));
      const has = (list: readonly string[], tag: string) => list.some((x) => sameTag(x, tag));
      const crmTags = state.tags ?? [];
      tagsAdd = now.filter((tag) => !has(before, tag) && !has(crmTags, tag));
      tagsRemove = before.filter((tag) => !has(now, tag) && has(crmTags, tag));
      const parts = [...tagsAdd.map((x) => `+ ${x}`), ...tagsRemove.map((x) => `− ${x}`)];
      if (parts.length > 0) words.push(`${label}: ${parts.join(', ')}`);
    } else if (role.kind === 'stage') place = { ...place, stage: String(decodeCanon(sheet)) };
    else if (role.kind === 'pipeline') place = { ...place, pipeline: String(decodeCanon(sheet)) };
  }
  const skippedBefore = skipped.length;
  const move = placeRequest(ctx, entry, place, invalid, skipped);
  // placeRequest adds to `skipped` only the words of a move the lead's tasks hold.
  const held = skipped.length > skippedBefore;
  if (invalid.length > 0) return { kind: 'final', status: 'INVALID', words: invalid.join('; ') };
  const upsert = { ...body, ...(Object.keys(custom).length > 0 ? { custom_fields: custom } : {}) };
  if (Object.keys(upsert).length > 0) {
    const keyed = keyedBody(ctx, entry, upsert);
    if (typeof keyed === 'string') {
      return {
        kind: 'final',
        status: keyed.startsWith('!') ? 'INVALID' : 'SKIPPED',
        words: keyed.replace(/^!/, ''),
      };
    }
    requests.push({ op: 'upsert', body: keyed });
  }
  if (move) {
    words.push(move.words);
    requests.push(move.request);
  }
  if (tagsAdd.length > 0) requests.push({ op: 'addTags', tags: tagsAdd });
  for (const tag of tagsRemove) requests.push({ op: 'removeTag', tag });
  const notes = [
    ...conflicts.map((c) => t('push.words.conflictSent', { conflict: c })),
    ...skipped,
  ];
  if (requests.length === 0) {
    if (skipped.length > 0) return { kind: 'final', status: 'SKIPPED', words: skipped.join('; ') };
    return { kind: 'final', status: 'NO_CHANGE', words: t('push.words.already') };
  }
  return {
    kind: 'change',
    words: [...words, ...notes].join('; '),
    requests,
    ...(held ? { held: true as const } : {}),
  };
}

/** The upsert body keyed by the lead's own e-mail or phone; a string says why not (`!`: INVALID). */
function keyedBody(
  ctx: PushContext,
  entry: PushEntry,
  fields: Record<string, unknown>,
): UpsertLeadInput | string {
  const { t } = ctx;
  const key = upsertKey(ctx, entry);
  if (key === 'both') return `!${t('push.words.emailAndPhone')}`;
  if (key === undefined) return t('push.words.noKey');
  if (entry.kk !== key || !entry.kh) return t('push.words.keyUnknown');
  const others = entry.kh.filter((id) => id !== entry.i);
  if (others.length > 0 || !entry.kh.includes(entry.i ?? 0)) {
    return t('push.words.keyShared', {
      key: key.slice(2),
      ids: (others.length > 0 ? others : entry.kh).map((id) => `#${id}`).join(', ') || '—',
    });
  }
  const value = key.slice(2);
  return key.startsWith('e:')
    ? ({ ...fields, email: fields.email ?? value, match_by: 'email' } as UpsertLeadInput)
    : ({ ...fields, phone: value, match_by: 'phone' } as UpsertLeadInput);
}

/** The stage move a changed stage (or pipeline) cell asks for: PUT …/stage, /won or /lost. */
function placeRequest(
  ctx: PushContext,
  entry: PushEntry,
  place: { pipeline?: string; stage?: string },
  invalid: string[],
  skipped: string[],
): { request: PushRequest; words: string } | undefined {
  const { t, ref } = ctx;
  const state = entry.b;
  if (!state || (place.stage === undefined && place.pipeline === undefined)) return undefined;
  const label = ctx.labels.stage ?? 'stage';
  const pipeline =
    place.pipeline !== undefined
      ? findPipeline(ref, place.pipeline)
      : ref.pipelines.find((p) => p.id === state.p);
  if (!pipeline) {
    invalid.push(t('leadjob.fail.noPipeline', { name: place.pipeline ?? `#${state.p}` }));
    return undefined;
  }
  const stageText = place.stage ?? stageName(ref, state.s);
  const stage = findStage(ref, pipeline, stageText);
  if (!stage || !pipeline.stages.some((s) => s.id === stage.id)) {
    invalid.push(t('leadjob.fail.noStage', { name: stageText, pipeline: pipeline.name }));
    return undefined;
  }
  if (stage.id === state.s) return undefined;
  const hold = stageHold(ctx, state);
  if (hold.blocked !== undefined) {
    skipped.push(hold.blocked);
    return undefined;
  }
  const words = `${label}: ${stageName(ref, state.s)} → ${stage.name}${hold.note}`;
  if (stage.won) {
    const value = rowValue(entry);
    return {
      request: { op: 'won', stageId: stage.id, ...(value === undefined ? {} : { value }) },
      words,
    };
  }
  if (stage.lost) return { request: { op: 'lost', stageId: stage.id }, words };
  return { request: { op: 'stage', stageId: stage.id, pipelineId: pipeline.id }, words };
}

/** The row's value (its sheet cell when changed, else the CRM's): a sale records it. */
function rowValue(entry: PushEntry): number | undefined {
  const canon = entry.c?.value ?? entry.b?.n.value;
  if (canon === undefined) return undefined;
  const value = decodeCanon(canon);
  return typeof value === 'number' ? value : undefined;
}

/** Whether the CRM's value and the sheet's are one value (`(11) 98765-4321` is `+5511987654321`). */
function sameValue(ctx: PushContext, role: FieldRole, crm: string, sheet: string): boolean {
  if (crm === sheet) return true;
  if (role.kind === 'tags') {
    const a = splitList(decodeCanon(crm));
    const b = splitList(decodeCanon(sheet));
    return a.length === b.length && a.every((x) => b.some((y) => sameTag(x, y)));
  }
  if (role.kind === 'owner') {
    const user = resolveUser(decodeCanon(sheet), ctx.directory);
    return user.ok && sameOwner(ctx, crm, user.value.id);
  }
  if (role.kind !== 'lead' && role.kind !== 'custom') {
    return String(decodeCanon(crm)).toLowerCase() === String(decodeCanon(sheet)).toLowerCase();
  }
  const a = normalizedValue(role, crm, ctx.values);
  const b = normalizedValue(role, sheet, ctx.values);
  return a?.ok === true && b?.ok === true && JSON.stringify(a.value) === JSON.stringify(b.value);
}

function sameOwner(ctx: PushContext, crm: string, id: number): boolean {
  const user = resolveUser(decodeCanon(crm), ctx.directory);
  return user.ok && user.value.id === id;
}
