import type { LeadRow } from '../../sandbox/types';
import type { Harness } from './export-harness';

/**
 * What the export tests expect of leads, written from PRODUCT.md and the sandbox's own data
 * rather than read from the add-on, so that a change to the add-on cannot change them too.
 */

/** PRODUCT.md: the columns of CRM_LEADS and crmExportLeads when none are chosen. */
export const DEFAULT_LEAD_HEADER = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'value',
  'pipeline',
  'stage',
  'tags',
  'source',
  'created_at',
];

/** The task columns CRM_TASKS always shows first, before whatever other fields the tasks carry. */
export const KNOWN_TASK_HEADER = [
  'id',
  'subject',
  'type',
  'status',
  'priority',
  'due_date',
  'due_time',
  'completed_at',
  'assigned_to',
  'lead_id',
];

/** The API's order: newest first, id breaking ties. */
export function newestFirst(leads: LeadRow[]): LeadRow[] {
  return [...leads].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** What the default columns must show for a lead, read from the sandbox's state. */
export function expectedDefaultRow(h: Harness, lead: LeadRow): unknown[] {
  const pipeline = h.sandbox.state.pipelines.find((p) => p.id === lead.pipeline_id);
  const stage = h.sandbox.state.stages.find((s) => s.id === lead.stage_id);
  return [
    lead.id,
    lead.name,
    lead.email ?? '',
    lead.phone ?? '',
    lead.company ?? '',
    lead.value ?? '',
    pipeline?.name ?? '',
    stage?.name ?? '',
    lead.tags.join(', '),
    lead.source ?? '',
    new Date(lead.created_at),
  ];
}

/** PRODUCT.md: every custom function the add-on offers. */
export const CUSTOM_FUNCTIONS = [
  'CRM_LEADS',
  'CRM_LEAD',
  'CRM_PIPELINES',
  'CRM_LOST_REASONS',
  'CRM_CUSTOM_FIELDS',
  'CRM_SEQUENCES',
  'CRM_USERS',
  'CRM_ACCOUNT',
  'CRM_INSTANCES',
  'CRM_TEMPLATES',
  'CRM_AUTOMATIONS',
  'CRM_TASKS',
  'CRM_COUNT',
];
