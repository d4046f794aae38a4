import type { Call } from '../http';
import { parseInput } from '../issues';
import {
  type JsonObject,
  type SpecIssue,
  type SpecValidation,
  SuccessResponseSchema,
} from '../schemas/common';
import {
  type PipelineDetail,
  PipelineDetailResponseSchema,
  PipelineDetailSchema,
  type PipelineList,
  PipelineListResponseSchema,
  PipelineReplacedResponseSchema,
  PipelineSavedResponseSchema,
  type PipelineSpec,
  PipelineSpecSchema,
} from '../schemas/pipelines';
import { idSegment } from './paths';
import { specTemplatesApi, validateSpec } from './spec-resources';

export interface PipelineSaved {
  pipeline: PipelineDetail;
  /** E.g. a pipeline without a won and a lost stage. */
  warnings: SpecIssue[];
}

export interface PipelineReplaced {
  /** The pipeline as saved, when the answer carries it (its body is not shown in the contract). */
  pipeline: PipelineDetail | null;
  warnings: SpecIssue[];
  body: JsonObject;
}

export function pipelinesApi(call: Call) {
  const pipeline = (id: number) => `/pipelines/${idSegment(id, 'pipeline id')}`;

  function create(spec: PipelineSpec, options: { validateOnly: true }): SpecValidation;
  function create(spec: PipelineSpec, options?: { validateOnly?: false }): PipelineSaved;
  function create(
    spec: PipelineSpec,
    options: { validateOnly?: boolean } = {},
  ): PipelineSaved | SpecValidation {
    const body = parseInput(PipelineSpecSchema, spec, 'pipelines.create spec');
    if (options.validateOnly) {
      return validateSpec(
        call,
        { method: 'POST', endpoint: '/pipelines', path: '/pipelines' },
        body,
      );
    }
    const result = call({
      method: 'POST',
      endpoint: '/pipelines',
      path: '/pipelines',
      body,
      schema: PipelineSavedResponseSchema,
    });
    return { pipeline: result.data, warnings: result.warnings };
  }

  return {
    /** Every pipeline with its ordered stages, and the account's lost reasons. */
    list(): PipelineList {
      return call({
        method: 'GET',
        endpoint: '/pipelines',
        path: '/pipelines',
        schema: PipelineListResponseSchema,
      });
    },

    get(id: number): PipelineDetail {
      return call({
        method: 'GET',
        endpoint: '/pipelines/{id}',
        path: pipeline(id),
        schema: PipelineDetailResponseSchema,
      }).data;
    },

    /** POST never overwrites: an existing name gives NameConflictError. */
    create,

    /** Replaces the whole spec: send the complete object (stages matched by name). */
    replace(id: number, spec: PipelineSpec): PipelineReplaced {
      const body = parseInput(PipelineSpecSchema, spec, 'pipelines.replace spec');
      const result = call({
        method: 'PUT',
        endpoint: '/pipelines/{id}',
        path: pipeline(id),
        body,
        schema: PipelineReplacedResponseSchema,
      });
      const detail = PipelineDetailSchema.safeParse(result.data);
      return {
        pipeline: detail.success ? detail.data : null,
        warnings: result.warnings,
        body: result,
      };
    },

    delete(id: number): void {
      call({
        method: 'DELETE',
        endpoint: '/pipelines/{id}',
        path: pipeline(id),
        schema: SuccessResponseSchema,
        allowEmpty: true,
      });
    },

    /**
     * capabilities: accepted fields, enums (task_type, priority), limits. templates: official
     * templates grouped by niche. install(slug): idempotent by name.
     */
    ...specTemplatesApi(call, '/pipelines'),
  };
}

export type PipelinesApi = ReturnType<typeof pipelinesApi>;
