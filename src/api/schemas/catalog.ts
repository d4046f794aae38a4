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
export const FieldTypeSchema = openEnum(FIELD_TYPES);
export type FieldType = z.infer<typeof FieldTypeSchema>;

export const CustomFieldDefinitionSchema = z.looseObject({
  id: IdSchema,
  name: z.string(),
  label: nullishString,
  field_type: FieldTypeSchema,
  options: listOrEmpty(z.string()),
  is_required: nullishBoolean,
  is_active: nullishBoolean,
  show_on_card: nullishBoolean,
  sort_order: nullishNumber,
});
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>;

export const NurtureSequenceSchema = z.looseObject({
  id: IdSchema,
  name: z.string(),
  description: nullishString,
  channel: nullishString,
  is_active: nullishBoolean,
  steps_count: nullishNumber,
  stats_enrolled: nullishNumber,
});
export type NurtureSequence = z.infer<typeof NurtureSequenceSchema>;

export const AccountSchema = z.looseObject({
  id: IdSchema,
  name: z.string(),
  plan: nullishString,
});
export type Account = z.infer<typeof AccountSchema>;

export const USER_ROLES = ['admin', 'manager', 'viewer'] as const;
export const UserRoleSchema = openEnum(USER_ROLES);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const UserSchema = z.looseObject({
  id: IdSchema,
  name: z.string(),
  email: nullishString,
  role: z.nullish(UserRoleSchema),
});
export type User = z.infer<typeof UserSchema>;

export const CustomFieldListResponseSchema = listResponse(CustomFieldDefinitionSchema);
export const SequenceListResponseSchema = listResponse(NurtureSequenceSchema);
export const UserListResponseSchema = listResponse(UserSchema);
export const AccountResponseSchema = z.looseObject({
  success: nullishBoolean,
  account: AccountSchema,
});
