/**
 * Headers of the columns an import writes at the right of the data. They are found by
 * header text, never by position, and are never mapped to a lead field.
 */
export const IMPORT_STATUS_HEADER = 'CRM Import Status';
export const IMPORT_LEAD_ID_HEADER = 'CRM Lead ID';
export const IMPORT_DETAIL_HEADER = 'CRM Import Detail';
export const IMPORT_IMPORTED_AT_HEADER = 'CRM Imported At';

export const IMPORT_STATUS_HEADERS = [
  IMPORT_STATUS_HEADER,
  IMPORT_LEAD_ID_HEADER,
  IMPORT_DETAIL_HEADER,
  IMPORT_IMPORTED_AT_HEADER,
] as const;

export type ImportStatusHeader = (typeof IMPORT_STATUS_HEADERS)[number];

/**
 * Every status an import can write in the `CRM Import Status` column. NOT_FOUND (mode `update`),
 * EXISTS (mode `create`) and CONFLICT (the row's key belongs to another person's lead) are
 * refusals that cost no upsert.
 */
export const IMPORT_ROW_STATUSES = [
  'VALID',
  'CREATED',
  'UPDATED',
  'UNCHANGED',
  'DUPLICATE',
  'INVALID',
  'CONFLICT',
  'NOT_FOUND',
  'EXISTS',
  'FAILED',
] as const;

export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/**
 * Import `mode` (PRODUCT.md): `upsert` updates the matching lead, else creates one; `update`
 * touches existing leads only (NOT_FOUND otherwise); `create` makes new leads only (EXISTS
 * otherwise).
 */
export const IMPORT_MODES = ['upsert', 'update', 'create'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const DEFAULT_IMPORT_MODE: ImportMode = 'upsert';
