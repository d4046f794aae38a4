import type { CrmClient } from '../../api/client';
import type { CustomFieldDefinition, Pipeline, User } from '../../api/schemas';
import { type PacedCallOptions, pacedCall } from '../jobs/requests';

// Moved to core/jobs (shared by import, send and the sidebars); still reachable here.
export {
  BACKOFF_ATTEMPTS,
  BACKOFF_BASE_MS,
  type PacedCallOptions,
  pacedCall,
  pauseForAccessError,
} from '../jobs/requests';

/** What mapping and validating rows needs from the account, fetched once per execution. */
export interface ReferenceData {
  customFields: CustomFieldDefinition[];
  pipelines: Pipeline[];
  users: User[];
}

/** Three paced requests: custom fields, pipelines (with stages), users. */
export function fetchReferenceData(client: CrmClient, options: PacedCallOptions): ReferenceData {
  const customFields = pacedCall(() => client.customFields.list(), options);
  const pipelines = pacedCall(() => client.pipelines.list(), options).pipelines;
  const users = pacedCall(() => client.users.list(), options);
  return { customFields, pipelines, users };
}
