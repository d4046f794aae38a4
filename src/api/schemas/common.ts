import * as z from 'zod/mini';
import { lazySchema } from './lazy';

/*
 * Leniency rules shared by every response schema (the contract is the only description of the
 * API we have, and it is vague in places):
 * - objects are z.looseObject: fields we do not know are KEPT, so a newer API adds fields freely;
 * - `id` is required (a record without an id cannot be referenced); so are the few fields that
 *   identify a configured thing (a pipeline's or a user's name);
 * - every other documented field is optional and nullable: the contract never says which fields
 *   may be absent or null, and one odd row must not fail a whole page;
 * - enums the API may extend (field types, statuses, providers…) are open: known values give
 *   autocompletion, unknown strings still parse;
 * - money and counts also accept numeric strings ("1500.00", as decimal columns often serialise).
 */

/** A string enum that still accepts values a newer API may add. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.custom<T[number] | (string & {})>((value) => typeof value === 'string', {
    message: `expected one of ${values.join(', ')} (or another text)`,
  });
}

export const IdSchema = lazySchema(() => z.int());

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** A number, or a numeric string such as "1500.00", read as a number. */
export const NumberishSchema = lazySchema(() =>
  z.union([
    z.number(),
    z.pipe(
      z.string().check(z.regex(NUMERIC_TEXT)),
      z.transform((text: string) => Number(text)),
    ),
  ]),
);

export const nullishString = lazySchema(() => z.nullish(z.string()));
export const nullishBoolean = lazySchema(() => z.nullish(z.boolean()));
export const nullishNumber = lazySchema(() => z.nullish(NumberishSchema));
export const nullishId = lazySchema(() => z.nullish(IdSchema));

/** A list that may come as null or be left out: read as an empty list. */
export function listOrEmpty<T extends z.core.SomeType>(item: T) {
  return z.pipe(
    z.nullish(z.array(item)),
    z.transform((list): z.output<T>[] => list ?? []),
  );
}

/** Any JSON object, unknown keys kept (for bodies the contract does not show). */
export const JsonObjectSchema = lazySchema(() => z.looseObject({}));
export type JsonObject = z.infer<typeof JsonObjectSchema>;

/**
 * An object keyed by names. PHP back ends serialise an empty map as `[]`, so an empty array is
 * read as an empty object.
 */
export const NameMapSchema = lazySchema(() =>
  z.union([
    z.record(z.string(), z.unknown()),
    z.pipe(
      z.array(z.unknown()).check(z.maxLength(0)),
      z.transform((): Record<string, unknown> => ({})),
    ),
  ]),
);

/** `{id, name}` as embedded in a lead (stage, pipeline). */
export const NamedRefSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: nullishString,
  }),
);
export type NamedRef = z.infer<typeof NamedRefSchema>;

/**
 * Who did something: the contract names fields such as `closed_by` or `author` without their
 * type, so a user id, a name or a user object are all accepted.
 */
export const ActorSchema = lazySchema(() =>
  z.nullish(z.union([z.number(), z.string(), z.looseObject({ id: z.optional(IdSchema) })])),
);

/** `meta` of every list response. */
export const ListMetaSchema = lazySchema(() =>
  z.looseObject({
    total: nullishNumber,
    per_page: nullishNumber,
    current_page: nullishNumber,
    last_page: nullishNumber,
    has_more: nullishBoolean,
  }),
);
export type ListMeta = z.infer<typeof ListMetaSchema>;

/** `{success, data:[item], meta}`; `meta` is optional (some lists are not paginated). */
export function listResponse<T extends z.core.SomeType>(item: T) {
  return z.looseObject({
    success: nullishBoolean,
    data: z.array(item),
    meta: z.optional(ListMetaSchema),
  });
}

/** `{success}` and nothing else promised (deletes). */
export const SuccessResponseSchema = lazySchema(() => z.looseObject({ success: nullishBoolean }));

/** A problem reported by a validator: automations use `{path, code, message}`. */
export const SpecIssueSchema = lazySchema(() =>
  z.looseObject({
    path: nullishString,
    code: nullishString,
    message: nullishString,
  }),
);
export type SpecIssue = z.infer<typeof SpecIssueSchema>;

/** Warnings may come as objects or as plain text; both become issues. */
const IssueListSchema = lazySchema(() =>
  z.pipe(
    z.union([
      z.array(z.union([SpecIssueSchema, z.string()])),
      // Laravel-style `{field: [messages]}`, should a validator answer that way.
      z.record(z.string(), z.union([z.array(z.string()), z.string()])),
      z.null(),
    ]),
    z.transform((value): SpecIssue[] => {
      if (value === null) return [];
      if (Array.isArray(value)) {
        return value.map((item) => (typeof item === 'string' ? { message: item } : item));
      }
      return Object.entries(value).flatMap(([path, messages]) =>
        (Array.isArray(messages) ? messages : [messages]).map((message) => ({ path, message })),
      );
    }),
  ),
);

export const SpecIssueListSchema = lazySchema(() => z._default(IssueListSchema, []));

/**
 * The answer to `validate_only: true` (pipelines and automations): `{success, valid, mode,
 * errors, warnings}`. When `valid` is absent it is derived from `errors`.
 */
export const SpecValidationSchema = lazySchema(() =>
  z.pipe(
    z.looseObject({
      success: nullishBoolean,
      valid: nullishBoolean,
      mode: nullishString,
      errors: SpecIssueListSchema,
      warnings: SpecIssueListSchema,
    }),
    z.transform((body) => ({ ...body, valid: body.valid ?? body.errors.length === 0 })),
  ),
);
export type SpecValidation = z.infer<typeof SpecValidationSchema>;
