import * as z from 'zod/mini';
import {
  IdSchema,
  listOrEmpty,
  listResponse,
  nullishBoolean,
  nullishNumber,
  nullishString,
  openEnum,
} from './common';
import { lazySchema } from './lazy';

export const FIELD_TYPES = [
  'text',
  'number',
  'currency',
  'date',
  'select',
  'multiselect',
  'checkbox',
] as const;
/** Documented custom field types; a type added later still parses (as an open string). */
export const FieldTypeSchema = lazySchema(() => openEnum(FIELD_TYPES));
export type FieldType = z.infer<typeof FieldTypeSchema>;

export const CustomFieldDefinitionSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    label: nullishString,
    field_type: FieldTypeSchema,
    options: listOrEmpty(z.string()),
    is_required: nullishBoolean,
    is_active: nullishBoolean,
    show_on_card: nullishBoolean,
    sort_order: nullishNumber,
  }),
);
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>;

export const NurtureSequenceSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    description: nullishString,
    channel: nullishString,
    is_active: nullishBoolean,
    steps_count: nullishNumber,
    stats_enrolled: nullishNumber,
  }),
);
export type NurtureSequence = z.infer<typeof NurtureSequenceSchema>;

export const AccountSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    plan: nullishString,
  }),
);
export type Account = z.infer<typeof AccountSchema>;

export const USER_ROLES = ['admin', 'manager', 'viewer'] as const;
export const UserRoleSchema = lazySchema(() => openEnum(USER_ROLES));
export type UserRole = z.infer<typeof UserRoleSchema>;

export const UserSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    email: nullishString,
    role: z.nullish(UserRoleSchema),
  }),
);
export type User = z.infer<typeof UserSchema>;

export const CustomFieldListResponseSchema = lazySchema(() =>
  listResponse(CustomFieldDefinitionSchema),
);
export const SequenceListResponseSchema = lazySchema(() => listResponse(NurtureSequenceSchema));
export const UserListResponseSchema = lazySchema(() => listResponse(UserSchema));
export const AccountResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    account: AccountSchema,
  }),
);
