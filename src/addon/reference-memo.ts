import type { ReferenceData } from '../core/import/job/requests';

/*
 * Reference data fetched in this execution (Apps Script starts every execution afresh, so this
 * lives exactly one execution): crmImportLeads fetches it to check the options, and the first
 * slice that runs in the same execution reuses it instead of paying three more requests.
 */
let referenceThisExecution: ReferenceData | undefined;

export const referenceMemo = {
  get: (): ReferenceData | undefined => referenceThisExecution,
  set: (data: ReferenceData): void => {
    referenceThisExecution = data;
  },
};
