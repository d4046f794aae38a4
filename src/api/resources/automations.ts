import { InvalidInputError } from '../errors';
import type { Call } from '../http';
import { parseInput } from '../issues';
import type { Page } from '../pager';
import {
  type Automation,
  type AutomationDetail,
  AutomationDetailResponseSchema,
  AutomationDetailSchema,
  type AutomationFilters,
  AutomationFiltersSchema,
  AutomationListResponseSchema,
  AutomationReplacedResponseSchema,
  AutomationSavedResponseSchema,
  type AutomationSpec,
  AutomationSpecSchema,
  type AutomationToggled,
  AutomationToggleResponseSchema,
} from '../schemas/automations';
import {
  type JsonObject,
  type SpecIssue,
  type SpecValidation,
  SuccessResponseSchema,
} from '../schemas/common';
import { idSegment } from './paths';
import { specTemplatesApi, validateSpec } from './spec-resources';

export interface AutomationSaved {
  /** Always inactive when new: activate it with toggle. */
  automation: AutomationDetail;
  warnings: SpecIssue[];
}

export interface AutomationReplaced {
  /** The automation as saved, when the answer carries it (the body is not shown). */
  automation: AutomationDetail | null;
  warnings: SpecIssue[];
  body: JsonObject;
}

function parseSpec(spec: AutomationSpec, what: string): AutomationSpec {
  const body = parseInput(AutomationSpecSchema, spec, what);
  const flat = body.trigger_type !== undefined && Array.isArray(body.actions);
  const graph = Array.isArray(body.nodes) && Array.isArray(body.edges);
  if (!flat && !graph) {
    throw new InvalidInputError(
      `${what}: give trigger_type and actions (flat format) or nodes and edges (graph format).`,
    );
  }
  return body;
}

export function automationsApi(call: Call) {
  const automation = (id: number) => `/automations/${idSegment(id, 'automation id')}`;

  function create(spec: AutomationSpec, options: { validateOnly: true }): SpecValidation;
  function create(spec: AutomationSpec, options?: { validateOnly?: false }): AutomationSaved;
  function create(
    spec: AutomationSpec,
    options: { validateOnly?: boolean } = {},
  ): AutomationSaved | SpecValidation {
    const body = parseSpec(spec, 'automations.create spec');
    if (options.validateOnly) {
      return validateSpec(
        call,
        { method: 'POST', endpoint: '/automations', path: '/automations' },
        body,
      );
    }
    const result = call({
      method: 'POST',
      endpoint: '/automations',
      path: '/automations',
      body,
      schema: AutomationSavedResponseSchema,
    });
    return { automation: result.data, warnings: result.warnings };
  }

  function replace(
    id: number,
    spec: AutomationSpec,
    options: { validateOnly: true },
  ): SpecValidation;
  function replace(
    id: number,
    spec: AutomationSpec,
    options?: { validateOnly?: false },
  ): AutomationReplaced;
  function replace(
    id: number,
    spec: AutomationSpec,
    options: { validateOnly?: boolean } = {},
  ): AutomationReplaced | SpecValidation {
    const path = automation(id);
    const body = parseSpec(spec, 'automations.replace spec');
    if (options.validateOnly) {
      return validateSpec(call, { method: 'PUT', endpoint: '/automations/{id}', path }, body);
    }
    const result = call({
      method: 'PUT',
      endpoint: '/automations/{id}',
      path,
      body,
      schema: AutomationReplacedResponseSchema,
    });
    const detail = AutomationDetailSchema.safeParse(result.data);
    return {
      automation: detail.success ? detail.data : null,
      warnings: result.warnings,
      body: result,
    };
  }

  return {
    list(filters: AutomationFilters = {}): Page<Automation> {
      const query = parseInput(AutomationFiltersSchema, filters, 'automations.list filters');
      const body = call({
        method: 'GET',
        endpoint: '/automations',
        path: '/automations',
        query,
        schema: AutomationListResponseSchema,
      });
      return { data: body.data, meta: body.meta };
    },

    get(id: number): AutomationDetail {
      return call({
        method: 'GET',
        endpoint: '/automations/{id}',
        path: automation(id),
        schema: AutomationDetailResponseSchema,
      }).data;
    },

    /** POST never overwrites (NameConflictError); a refused spec gives SpecValidationError. */
    create,
    /** Replaces the whole spec; never changes is_active. */
    replace,

    /** Sets is_active, or flips it when `isActive` is undefined (the body is then omitted). */
    toggle(id: number, isActive?: boolean): AutomationToggled {
      if (isActive !== undefined && typeof isActive !== 'boolean') {
        throw new InvalidInputError(
          'automations.toggle: isActive must be true, false or left out.',
          'bug',
        );
      }
      return call({
        method: 'PATCH',
        endpoint: '/automations/{id}/toggle',
        path: `${automation(id)}/toggle`,
        body: isActive === undefined ? undefined : { is_active: isActive },
        schema: AutomationToggleResponseSchema,
      });
    },

    delete(id: number): void {
      call({
        method: 'DELETE',
        endpoint: '/automations/{id}',
        path: automation(id),
        schema: SuccessResponseSchema,
        allowEmpty: true,
      });
    },

    /**
     * capabilities: triggers, actions and config keys. templates, and install(slug): idempotent
     * by name; the installed automation is inactive.
     */
    ...specTemplatesApi(call, '/automations'),
  };
}

export type AutomationsApi = ReturnType<typeof automationsApi>;
