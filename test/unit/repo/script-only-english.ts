/**
 * Functions of the bundle whose English is the Apps Script API's developer message (PRODUCT.md
 * keeps those precise) and never reaches a person as it is: every error carrying it also
 * carries what a person reads (the refused argument's issues, the CRM's answer as its cause, or
 * a code), and `proof` walks each kind of message the function makes through every way a
 * person could be shown it (a sidebar, a job's message, a detail cell) in Portuguese.
 */
export const SCRIPT_ONLY_ENGLISH: ReadonlyArray<{ file: string; fn: string; proof: string }> = [
  {
    file: 'src/api/issues.ts',
    fn: 'describeIssue',
    proof: 'test/unit/core/script-only-english.test.ts',
  },
  {
    file: 'src/core/jobs/requests.ts',
    fn: 'startFailure',
    proof: 'test/unit/core/script-only-english.test.ts',
  },
];
