import * as z from 'zod/mini';
import type { Call } from '../http';
import { parseInput } from '../issues';
import type { Page } from '../pager';
import {
  type Account,
  AccountResponseSchema,
  type CustomFieldDefinition,
  CustomFieldListResponseSchema,
  type NurtureSequence,
  SequenceListResponseSchema,
  type User,
  UserListResponseSchema,
} from '../schemas/catalog';
import {
  type ChatappInstance,
  ChatappInstanceListResponseSchema,
  type ChatappTemplate,
  ChatappTemplateListResponseSchema,
  type TemplateFilters,
  TemplateFiltersSchema,
} from '../schemas/chatapp';
import { lazySchema } from '../schemas/lazy';
import {
  type Task,
  type TaskFilters,
  TaskFiltersSchema,
  TaskListResponseSchema,
} from '../schemas/tasks';

const ActiveOnlySchema = lazySchema(() => z.strictObject({ active_only: z.optional(z.boolean()) }));
type ActiveOnly = z.infer<typeof ActiveOnlySchema>;

/** Read-only reference data: custom fields, sequences, account, users, chat numbers, tasks. */
export function catalogApi(call: Call) {
  return {
    customFields: {
      list(options: ActiveOnly = {}): CustomFieldDefinition[] {
        const query = parseInput(ActiveOnlySchema, options, 'customFields.list options');
        return call({
          method: 'GET',
          endpoint: '/custom-fields',
          path: '/custom-fields',
          query,
          schema: CustomFieldListResponseSchema,
        }).data;
      },
    },
    sequences: {
      list(options: ActiveOnly = {}): NurtureSequence[] {
        const query = parseInput(ActiveOnlySchema, options, 'sequences.list options');
        return call({
          method: 'GET',
          endpoint: '/nurture-sequences',
          path: '/nurture-sequences',
          query,
          schema: SequenceListResponseSchema,
        }).data;
      },
    },
    account: {
      /** Also the cheapest way to check a key. */
      get(): Account {
        return call({
          method: 'GET',
          endpoint: '/account',
          path: '/account',
          schema: AccountResponseSchema,
        }).account;
      },
    },
    users: {
      list(): User[] {
        return call({
          method: 'GET',
          endpoint: '/users',
          path: '/users',
          schema: UserListResponseSchema,
        }).data;
      },
    },
    chatapp: {
      instances(): ChatappInstance[] {
        return call({
          method: 'GET',
          endpoint: '/chatapp/instances',
          path: '/chatapp/instances',
          schema: ChatappInstanceListResponseSchema,
        }).data;
      },
      templates(filters: TemplateFilters = {}): ChatappTemplate[] {
        const query = parseInput(TemplateFiltersSchema, filters, 'chatapp.templates filters');
        return call({
          method: 'GET',
          endpoint: '/chatapp/templates',
          path: '/chatapp/templates',
          query,
          schema: ChatappTemplateListResponseSchema,
        }).data;
      },
    },
    tasks: {
      /** `GET /tasks`, one page; filters other than paging are passed on as given. */
      list(filters: TaskFilters = {}): Page<Task> {
        const query = parseInput(TaskFiltersSchema, filters, 'tasks.list filters');
        const body = call({
          method: 'GET',
          endpoint: '/tasks',
          path: '/tasks',
          query,
          schema: TaskListResponseSchema,
        });
        return { data: body.data, meta: body.meta };
      },
    },
  };
}
