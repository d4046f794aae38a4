import type { CrmClient } from '../../../api/client';
import type { CustomFieldDefinition, Pipeline, User } from '../../../api/schemas';
import { type PacedCallOptions, pacedAll, pacedCall } from '../../jobs/requests';

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

/**
 * Three paced requests, sent together (UrlFetchApp.fetchAll): custom fields, pipelines (with
 * stages), users. Each trigger execution of a chain makes them; one at a time they cost three
 * round trips of runtime (9 s at a 3 s CRM), together one. They are reads, safe to repeat.
 */
export function fetchReferenceData(client: CrmClient, options: PacedCallOptions): ReferenceData {
  const answers = pacedAll<unknown>(
    client,
    [
      (api) => api.customFields.list(),
      (api) => api.pipelines.list().pipelines,
      (api) => api.users.list(),
    ],
    options,
  );
  const [customFields, pipelines, users] = answers.map((answer) => {
    if (!answer.ok) throw answer.error;
    return answer.value;
  });
  return {
    customFields: customFields as ReferenceData['customFields'],
    pipelines: pipelines as ReferenceData['pipelines'],
    users: users as ReferenceData['users'],
  };
}
