/**
 * English sentences the bundle's code can still hand a person (a Portuguese user included)
 * without the catalogue, as no-english-for-pt.test.ts finds them: [file, text] (a template
 * literal's ${…} parts read {x}). Empty since every one was translated or proven to be for
 * scripts only (script-only-english.ts); keep it so: translate a new sentence instead of
 * listing it (`UPDATE_ENGLISH_LIST=1 npx vitest run test/unit/repo/no-english-for-pt.test.ts`
 * rewrites the list, and its diff shows what was added).
 */
export const OUTSTANDING_ENGLISH: ReadonlyArray<readonly [string, string]> = [];
