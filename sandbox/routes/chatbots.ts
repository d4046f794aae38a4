import { createHash } from 'node:crypto';
import { notFound, ok } from '../http';
import type { Route, RouteContext } from '../router';
import type { ChatbotNode, ChatbotRow, WebhookRow } from '../types';
import { BodyReader, isPlainObject } from '../validate';
import { callerRows, requireCallerRow } from './owned';

export const CHATBOT_CHANNELS = ['chatapp', 'social', 'website'] as const;
export const CHATBOT_NODE_TYPES = [
  'message',
  'question',
  'condition',
  'business_hours',
  'action',
  'delay',
  'end',
] as const;
export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'lead.stage_changed',
  'lead.won',
  'lead.lost',
  'message.received',
  'message.sent',
  'task.created',
  'task.completed',
] as const;

function chatbotView({ account_id: _accountId, ...flow }: ChatbotRow) {
  return structuredClone(flow);
}

function requireChatbot(ctx: RouteContext): ChatbotRow {
  return requireCallerRow(ctx, ctx.store.state.chatbots, () => notFound('Fluxo de chatbot'));
}

function readFlow(reader: BodyReader, creating: boolean) {
  const name = reader.string('name', { required: creating, max: 120 });
  const channel = reader.oneOf('channel', CHATBOT_CHANNELS, { required: creating });
  const isActive = reader.boolean('is_active');
  let nodes: ChatbotNode[] | undefined;
  const rawNodes = reader.raw('nodes');
  if (rawNodes !== undefined) {
    if (!Array.isArray(rawNodes))
      reader.add('nodes', 'O campo nodes deve ser uma lista de {id, type, data}.');
    else {
      nodes = [];
      rawNodes.forEach((node: unknown, i: number) => {
        if (!isPlainObject(node) || typeof node.id !== 'string' || node.id === '') {
          reader.add(`nodes.${i}.id`, `O nó ${i} precisa de um id (texto).`);
          return;
        }
        if (!(CHATBOT_NODE_TYPES as readonly unknown[]).includes(node.type)) {
          reader.add(
            `nodes.${i}.type`,
            `O tipo do nó ${i} deve ser um destes: ${CHATBOT_NODE_TYPES.join(', ')}.`,
          );
          return;
        }
        nodes?.push({
          id: node.id,
          type: node.type as string,
          data: isPlainObject(node.data) ? node.data : {},
        });
      });
    }
  }
  let edges: ChatbotRow['edges'] | undefined;
  const rawEdges = reader.raw('edges');
  if (rawEdges !== undefined) {
    if (!Array.isArray(rawEdges))
      reader.add('edges', 'O campo edges deve ser uma lista de {from, to, option?}.');
    else {
      edges = rawEdges.filter(isPlainObject).map((e) => ({
        from: String(e.from ?? ''),
        to: String(e.to ?? ''),
        ...(typeof e.option === 'string' ? { option: e.option } : {}),
      }));
    }
  }
  return { name, channel, isActive, nodes, edges };
}

function createChatbot(ctx: RouteContext) {
  const reader = new BodyReader(ctx.body);
  const input = readFlow(reader, true);
  reader.done();
  const flow: ChatbotRow = {
    id: ctx.store.nextId('chatbots'),
    account_id: ctx.account.id,
    name: input.name as string,
    channel: input.channel as string,
    is_active: input.isActive ?? false,
    nodes: input.nodes ?? [],
    edges: input.edges ?? [],
    created_at: ctx.nowIso,
    updated_at: ctx.nowIso,
  };
  ctx.store.state.chatbots.push(flow);
  return ok({ data: chatbotView(flow) }, 201);
}

function updateChatbot(ctx: RouteContext) {
  const flow = requireChatbot(ctx);
  const reader = new BodyReader(ctx.body);
  const input = readFlow(reader, false);
  reader.done();
  if (input.name !== undefined) flow.name = input.name;
  if (input.channel !== undefined) flow.channel = input.channel;
  if (input.isActive !== undefined) flow.is_active = input.isActive;
  if (input.nodes !== undefined) flow.nodes = input.nodes;
  if (input.edges !== undefined) flow.edges = input.edges;
  flow.updated_at = ctx.nowIso;
  return ok({ data: chatbotView(flow) });
}

function webhookView({ account_id: _accountId, secret: _secret, ...hook }: WebhookRow) {
  return { ...hook, events: [...hook.events] };
}

function requireWebhook(ctx: RouteContext): WebhookRow {
  return requireCallerRow(ctx, ctx.store.state.webhooks, () => notFound('Webhook'));
}

/** The signing secret is shown once, on creation, like API keys. Deliveries are not made by the sandbox. */
function createWebhook(ctx: RouteContext) {
  const reader = new BodyReader(ctx.body);
  const url = reader.url('url', { required: true });
  const events = reader.stringArray('events', { required: true, min: 1 });
  const description = reader.string('description', { max: 255 });
  const unknown = (events ?? []).filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown.length > 0) {
    reader.add(
      'events',
      `Eventos desconhecidos: ${unknown.join(', ')}. Use: ${WEBHOOK_EVENTS.join(', ')}.`,
    );
  }
  reader.done();
  const id = ctx.store.nextId('webhooks');
  const secret = `whsec_${createHash('sha256').update(`${ctx.account.id}:${id}:${url}`).digest('hex').slice(0, 32)}`;
  const hook: WebhookRow = {
    id,
    account_id: ctx.account.id,
    url: url as string,
    events: events as string[],
    description: description ?? null,
    is_active: true,
    secret,
    created_at: ctx.nowIso,
  };
  ctx.store.state.webhooks.push(hook);
  return ok({ data: { ...webhookView(hook), secret } }, 201);
}

export const chatbotRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/chatbots',
    scope: 'chatbots:read',
    handler: (ctx) => ok({ data: callerRows(ctx, ctx.store.state.chatbots).map(chatbotView) }),
  },
  { method: 'POST', pattern: '/chatbots', scope: 'chatbots:write', handler: createChatbot },
  {
    method: 'GET',
    pattern: '/chatbots/:id',
    scope: 'chatbots:read',
    handler: (ctx) => ok({ data: chatbotView(requireChatbot(ctx)) }),
  },
  { method: 'PUT', pattern: '/chatbots/:id', scope: 'chatbots:write', handler: updateChatbot },
  {
    method: 'DELETE',
    pattern: '/chatbots/:id',
    scope: 'chatbots:write',
    handler: (ctx) => {
      const flow = requireChatbot(ctx);
      ctx.store.state.chatbots = ctx.store.state.chatbots.filter((c) => c.id !== flow.id);
      return ok({});
    },
  },
  {
    method: 'GET',
    pattern: '/webhooks',
    scope: 'webhooks:read',
    handler: (ctx) => ok({ data: callerRows(ctx, ctx.store.state.webhooks).map(webhookView) }),
  },
  { method: 'POST', pattern: '/webhooks', scope: 'webhooks:write', handler: createWebhook },
  {
    method: 'GET',
    pattern: '/webhooks/:id',
    scope: 'webhooks:read',
    handler: (ctx) => ok({ data: webhookView(requireWebhook(ctx)) }),
  },
  {
    method: 'DELETE',
    pattern: '/webhooks/:id',
    scope: 'webhooks:write',
    handler: (ctx) => {
      const hook = requireWebhook(ctx);
      ctx.store.state.webhooks = ctx.store.state.webhooks.filter((w) => w.id !== hook.id);
      return ok({});
    },
  },
];
