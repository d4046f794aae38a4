/** Every CRM resource and response body as a zod/mini schema, with its inferred type. */
export * from './schemas/automations';
export * from './schemas/catalog';
export * from './schemas/chatapp';
export * from './schemas/common';
export * from './schemas/errors';
export * from './schemas/leads';
export * from './schemas/pipelines';
export * from './schemas/tasks';
