import { notFoundFem, ok, unprocessable } from '../http';
import { paginate, readPage, readPositiveInt, throwIfErrors } from '../paginate';
import { PIPELINE_CAPABILITIES } from '../pipeline-spec';
import type { Route, RouteContext } from '../router';
import type { TaskRow, TaskStatus } from '../types';
import { BodyReader } from '../validate';
import { requireCallerRow } from './owned';

export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'completed', 'canceled'];
const TASK_TYPES = PIPELINE_CAPABILITIES.enums.task_type;
const PRIORITIES = PIPELINE_CAPABILITIES.enums.priority;

export function taskView({ account_id: _accountId, ...task }: TaskRow) {
  return task;
}

function requireTask(ctx: RouteContext): TaskRow {
  return requireCallerRow(ctx, ctx.store.state.tasks, () => notFoundFem('Tarefa'));
}

function listTasks(ctx: RouteContext) {
  const errors = {};
  const page = readPage(ctx.query, { perPage: 50, maxPerPage: 200 }, errors);
  const leadId = readPositiveInt(ctx.query, 'lead_id', errors);
  const assignedTo = readPositiveInt(ctx.query, 'assigned_to', errors);
  const reader = new BodyReader({ status: ctx.query.get('status'), type: ctx.query.get('type') });
  const status = reader.oneOf('status', TASK_STATUSES);
  const type = reader.oneOf('type', TASK_TYPES);
  throwIfErrors({ ...errors, ...reader.errors });
  const rows = ctx.store.state.tasks
    .filter(
      (t) =>
        t.account_id === ctx.account.id &&
        (leadId === undefined || t.lead_id === leadId) &&
        (assignedTo === undefined || t.assigned_to === assignedTo) &&
        (status === undefined || t.status === status) &&
        (type === undefined || t.type === type),
    )
    .sort((a, b) => a.id - b.id);
  const { items, meta } = paginate(rows, page);
  return ok({ data: items.map(taskView), meta });
}

function readTaskFields(
  ctx: RouteContext,
  reader: BodyReader,
  creating: boolean,
): Partial<TaskRow> {
  const fields: Partial<TaskRow> = {};
  const subject = reader.string('subject', { required: creating, max: 120 });
  if (subject !== undefined) fields.subject = subject;
  const description = reader.string('description', { max: 5000 });
  if (description !== undefined) fields.description = description;
  const type = reader.oneOf('type', TASK_TYPES);
  if (type !== undefined) fields.type = type;
  const priority = reader.oneOf('priority', PRIORITIES);
  if (priority !== undefined) fields.priority = priority;
  const dueDate = reader.date('due_date');
  if (dueDate !== undefined) fields.due_date = dueDate;
  const dueTime = reader.string('due_time', { max: 5 });
  if (dueTime !== undefined) {
    if (/^([01]\d|2[0-3]):[0-5]\d$/.test(dueTime)) fields.due_time = dueTime;
    else reader.add('due_time', 'O campo due_time deve estar no formato HH:MM.');
  }
  const leadId = reader.integer('lead_id');
  if (leadId !== undefined) {
    if (ctx.store.lead(ctx.account.id, leadId)) fields.lead_id = leadId;
    else reader.add('lead_id', 'O lead_id informado não existe nesta conta.');
  }
  const assignedTo = reader.integer('assigned_to');
  if (assignedTo !== undefined) {
    if (ctx.store.user(ctx.account.id, assignedTo)) fields.assigned_to = assignedTo;
    else reader.add('assigned_to', 'O assigned_to informado não é um usuário desta conta.');
  }
  const status = reader.oneOf('status', TASK_STATUSES);
  if (status !== undefined) fields.status = status;
  return fields;
}

function createTask(ctx: RouteContext) {
  const reader = new BodyReader(ctx.body);
  const fields = readTaskFields(ctx, reader, true);
  reader.done();
  const task: TaskRow = {
    id: ctx.store.nextId('tasks'),
    account_id: ctx.account.id,
    lead_id: null,
    stage_id: null,
    is_required: false,
    subject: '',
    description: null,
    type: 'other',
    status: 'pending',
    priority: 'medium',
    due_date: null,
    due_time: null,
    completed_at: null,
    assigned_to: null,
    created_at: ctx.nowIso,
    updated_at: ctx.nowIso,
    ...fields,
  };
  if (task.status === 'completed') task.completed_at = ctx.nowIso;
  ctx.store.state.tasks.push(task);
  return ok({ task: taskView(task) }, 201);
}

function updateTask(ctx: RouteContext) {
  const task = requireTask(ctx);
  const reader = new BodyReader(ctx.body);
  const fields = readTaskFields(ctx, reader, false);
  reader.done();
  applyStatus(task, fields.status, ctx.nowIso);
  Object.assign(task, { ...fields, status: task.status, updated_at: ctx.nowIso });
  return ok({ task: taskView(task) });
}

function applyStatus(task: TaskRow, status: TaskStatus | undefined, at: string): void {
  if (status === undefined || status === task.status) return;
  task.status = status;
  task.completed_at = status === 'completed' ? at : null;
}

function completeTask(ctx: RouteContext) {
  const task = requireTask(ctx);
  applyStatus(task, 'completed', ctx.nowIso);
  task.updated_at = ctx.nowIso;
  return ok({ task: taskView(task) });
}

function deleteTask(ctx: RouteContext) {
  const task = requireTask(ctx);
  if (task.is_required && task.status === 'pending') {
    throw unprocessable(
      'Tarefas obrigatórias da etapa não podem ser excluídas enquanto pendentes: conclua-as (PATCH /tasks/{id}/complete).',
    );
  }
  ctx.store.state.tasks = ctx.store.state.tasks.filter((t) => t.id !== task.id);
  return ok({});
}

export const taskRoutes: Route[] = [
  { method: 'GET', pattern: '/tasks', scope: 'tasks:read', handler: listTasks },
  { method: 'POST', pattern: '/tasks', scope: 'tasks:write', handler: createTask },
  {
    method: 'GET',
    pattern: '/tasks/:id',
    scope: 'tasks:read',
    handler: (ctx) => ok({ task: taskView(requireTask(ctx)) }),
  },
  { method: 'PUT', pattern: '/tasks/:id', scope: 'tasks:write', handler: updateTask },
  { method: 'PATCH', pattern: '/tasks/:id/complete', scope: 'tasks:write', handler: completeTask },
  { method: 'DELETE', pattern: '/tasks/:id', scope: 'tasks:write', handler: deleteTask },
];
