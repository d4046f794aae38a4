import type { Call } from '../http';
import { parseInput } from '../issues';
import {
  type JsonObject,
  JsonObjectSchema,
  type SpecIssue,
  type SpecValidation,
  SpecValidationSchema,
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
import { idSegment, textSegment } from './paths';

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
      return call({
        method: 'POST',
        endpoint: '/pipelines',
        path: '/pipelines',
        body: { ...body, validate_only: true },
        schema: SpecValidationSchema,
        allowUnsuccessful: true,
      });
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

    /** Accepted fields, enums (task_type, priority), limits; the body is not shown. */
    capabilities(): JsonObject {
      return call({
        method: 'GET',
        endpoint: '/pipelines/capabilities',
        path: '/pipelines/capabilities',
        schema: JsonObjectSchema,
      });
    },

    /** Official templates grouped by niche; the body is not shown. */
    templates(): JsonObject {
      return call({
        method: 'GET',
        endpoint: '/pipelines/templates',
        path: '/pipelines/templates',
        schema: JsonObjectSchema,
      });
    },

    /** Idempotent by name: installing twice does not duplicate the pipeline. */
    install(slug: string): JsonObject {
      return call({
        method: 'POST',
        endpoint: '/pipelines/templates/{template_slug}/install',
        path: `/pipelines/templates/${textSegment(slug, 'template slug')}/install`,
        schema: JsonObjectSchema,
        allowEmpty: true,
      });
    },
  };
}

export type PipelinesApi = ReturnType<typeof pipelinesApi>;
