export { intlDateFormatter } from './date-format';
export { canonicalJson, cyrb53, matchKeyId, payloadFingerprint } from './fingerprint';
export {
  type AutomaticTarget,
  automaticTargets,
  type ColumnTarget,
  type HeaderMap,
  HeaderMappingError,
  type HeaderRef,
  type MapHeadersOptions,
  type MappedColumn,
  mapHeaders,
  targetName,
} from './headers';
export { LEAD_COLUMN_FIELDS, type LeadColumnField } from './lead-fields';
export {
  type DateFormatter,
  type DateOptions,
  type DateOrder,
  type DecimalMark,
  dateOrderOf,
  decimalMarkOf,
  isBlankCell,
  type Normalized,
  normalizeDate,
  normalizeEmail,
  normalizeMultiselect,
  normalizePhone,
  normalizeSelect,
  normalizeTags,
  normalizeText,
  parseCheckbox,
  parseNumber,
  splitList,
} from './normalize';
export { countPlan, type PlanOptions, planImport, type RowPlan, type RowPlanStatus } from './plan';
export {
  buildLeadPayload,
  type ImportContext,
  type LeadPayloadResult,
  prepareContext,
} from './row';
export * from './status-columns';
