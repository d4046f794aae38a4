/**
 * English sentences the bundle's code can still hand a person (a Portuguese user included)
 * without the catalogue, as no-english-for-pt.test.ts finds them: [file, text] (a template
 * literal's ${…} parts read {x}). Each one translated comes off the list (the test says which;
 * `UPDATE_ENGLISH_LIST=1 npx vitest run test/unit/repo/no-english-for-pt.test.ts` rewrites it).
 * Most are the Apps Script API's developer messages (thrown Errors), which a sidebar shows in
 * parentheses after "something went wrong", a job as its message, and a formula as its error.
 */
export const OUTSTANDING_ENGLISH: ReadonlyArray<readonly [string, string]> = [
  ['src/api/issues.ts', 'expected one of {x}, got {x}'],
  ['src/api/issues.ts', 'must be at least {x}, got {x}'],
  ['src/api/issues.ts', 'must be at most {x}, got {x}'],
  ['src/api/issues.ts', 'does not match any accepted form (got {x})'],
  ['src/core/jobs/requests.ts', 'Could not {x}: {x} Try again in a minute.'],
];
