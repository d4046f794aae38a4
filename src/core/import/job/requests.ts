import type { CrmClient } from '../../../api/client';
import type { CustomFieldDefinition, Pipeline, User } from '../../../api/schemas';
import { type PacedCallOptions, pacedCall } from '../../jobs/requests';

// Moved to core/jobs (shared by import, send and the sidebars); still reachable here.
export {
  BACKOFF_ATTEMPTS,
  BACKOFF_BASE_MS,
  type PacedCallOptions,
  pacedCall,
  pauseForAccessError,
} from '../../jobs/requests';

/** What mapping and validating rows needs from the account, fetched once per execution. */
export interface ReferenceData {
  customFields: CustomFieldDefinition[];
  pipelines: Pipeline[];
  users: User[];
}

/**
 * The pipeline the account flags `is_default` (GET /pipelines/{id}, one request per pipeline
 * until found); undefined when none does.
 */
export function findDefaultPipeline(
  client: CrmClient,
  pipelines: readonly Pipeline[],
  options: PacedCallOptions,
): Pipeline | undefined {
  for (const pipeline of pipelines) {
    const detail = pacedCall(() => client.pipelines.get(pipeline.id), options);
    if (detail.is_default === true) return pipeline;
  }
  return undefined;
}

/** Three paced requests: custom fields, pipelines (with stages), users. */
export function fetchReferenceData(client: CrmClient, options: PacedCallOptions): ReferenceData {
  const customFields = pacedCall(() => client.customFields.list(), options);
  const pipelines = pacedCall(() => client.pipelines.list(), options).pipelines;
  const users = pacedCall(() => client.users.list(), options);
  return { customFields, pipelines, users };
}
