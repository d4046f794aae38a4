import type { Call, CallSpec } from '../http';
import {
  type JsonObject,
  JsonObjectSchema,
  type SpecValidation,
  SpecValidationSchema,
} from '../schemas/common';
import { textSegment } from './paths';

/** Resources the CRM builds from a spec (crm-api-v1.md): automations and pipelines. */
export type SpecResourcePrefix = '/automations' | '/pipelines';

/**
 * A spec checked by the CRM's validator and not saved (`validate_only`): the answer lists the
 * errors and warnings, `{success: false}` included.
 */
export function validateSpec(
  call: Call,
  route: Pick<CallSpec<typeof SpecValidationSchema>, 'method' | 'endpoint' | 'path'>,
  body: object,
): SpecValidation {
  return call({
    ...route,
    body: { ...body, validate_only: true },
    schema: SpecValidationSchema,
    allowUnsuccessful: true,
  });
}

/**
 * The three endpoints both spec resources have under their prefix: what the validator accepts,
 * the official templates, and installing a template by its slug. Their bodies are not shown in
 * the contract, so they are JSON objects.
 */
export function specTemplatesApi(call: Call, prefix: SpecResourcePrefix) {
  return {
    /** What the validator accepts (fields, enums, limits) from its own table. */
    capabilities(): JsonObject {
      return call({
        method: 'GET',
        endpoint: `${prefix}/capabilities`,
        path: `${prefix}/capabilities`,
        schema: JsonObjectSchema,
      });
    },

    /** The official templates. */
    templates(): JsonObject {
      return call({
        method: 'GET',
        endpoint: `${prefix}/templates`,
        path: `${prefix}/templates`,
        schema: JsonObjectSchema,
      });
    },

    /** Idempotent by name: installing twice does not duplicate it. */
    install(slug: string): JsonObject {
      return call({
        method: 'POST',
        endpoint: `${prefix}/templates/{template_slug}/install`,
        path: `${prefix}/templates/${textSegment(slug, 'template slug')}/install`,
        schema: JsonObjectSchema,
        allowEmpty: true,
      });
    },
  };
}
