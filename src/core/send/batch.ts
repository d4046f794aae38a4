/**
 * The send job's decisions for one batch, over values read from the sheet (pure), in modules
 * of their own: the checkpoint (cursor.ts), the next work (plan.ts), where writes go
 * (place.ts), what answers do (answers.ts), settling from conversations (settle.ts) and the
 * end-of-job check (misplaced.ts). Re-exported here for the callers that import them together.
 */
export * from './answers';
export * from './cursor';
export * from './misplaced';
export * from './place';
export * from './plan';
export * from './settle';
