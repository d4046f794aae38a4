import { createHash } from 'node:crypto';
import { HttpError, ok, unprocessable } from '../http';
import type { Route, RouteContext } from '../router';
import { iso, type Store } from '../store';
import type { ConversationRow, InstanceRow, LeadRow, MessageRow, TemplateRow } from '../types';
import { BodyReader, isPlainObject } from '../validate';

export const TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
const WINDOW_MS = 24 * 3_600_000;
const MEDIA_FORMATS = new Set(['DOCUMENT', 'IMAGE', 'VIDEO']);

function listInstances(ctx: RouteContext) {
  const data = ctx.store.state.instances
    .filter((i) => i.account_id === ctx.account.id)
    .map(({ account_id: _accountId, ...instance }) => instance);
  return ok({ data });
}

function listTemplates(ctx: RouteContext) {
  const reader = new BodyReader({
    instance_id: ctx.query.get('instance_id'),
    status: ctx.query.get('status'),
    language: ctx.query.get('language'),
  });
  const instanceId = reader.integer('instance_id');
  const status = reader.oneOf('status', TEMPLATE_STATUSES);
  const language = reader.string('language');
  reader.done();
  const wanted = language?.replace('-', '_').toLowerCase();
  const data = ctx.store.state.templates
    .filter(
      (t) =>
        t.account_id === ctx.account.id &&
        (instanceId === undefined || t.chatapp_instance_id === instanceId) &&
        (status === undefined || t.status === status) &&
        (wanted === undefined || t.language.toLowerCase() === wanted),
    )
    .map(templateView);
  return ok({ data });
}

export function templateView({ account_id: _accountId, ...template }: TemplateRow) {
  return {
    ...template,
    components: template.components.map((c) => ({ ...c })),
    variables: [...template.variables],
  };
}

function requirePhone(lead: LeadRow): string {
  if (lead.phone === null || lead.phone.trim() === '')
    throw unprocessable('Lead sem telefone cadastrado.');
  return lead.phone;
}

function sendChatapp(ctx: RouteContext) {
  const { store, account } = ctx;
  const lead = store.requireLead(account.id, ctx.params.id);
  const reader = new BodyReader(ctx.body);
  const rawType = reader.raw('type');
  const type = reader.oneOf('type', ['text', 'image'] as const, { required: true });
  if (
    type === undefined &&
    (rawType === 'document' || rawType === 'video' || rawType === 'audio')
  ) {
    reader.errors.type = [
      `Este endpoint envia apenas text e image. Para ${rawType}, use um template com cabeçalho de mídia (send-chatapp-template).`,
    ];
  }
  const mediaUrl = reader.url('media_url', { required: type === 'image' });
  const body = reader.string('body', {
    required: mediaUrl === undefined && !reader.has('media_url'),
    max: 4096,
  });
  const caption = reader.string('caption', { max: 1024 });
  const instance = readInstance(reader, store, account.id);
  reader.done();
  const phone = requirePhone(lead);
  const target = instance ?? primaryInstance(store, account.id);
  if (target.has_window_restriction) {
    const conversation = findConversation(store, lead, target);
    const lastInbound = conversation?.last_inbound_at
      ? Date.parse(conversation.last_inbound_at)
      : undefined;
    if (lastInbound === undefined || ctx.now - lastInbound > WINDOW_MS) {
      throw unprocessable(
        'Fora da janela de 24 horas: o contato não escreveu nas últimas 24 horas. Envie um template aprovado.',
        { skip_reason: 'window_closed' },
      );
    }
  }
  const conversation = findOrOpenConversation(store, lead, target, phone, ctx.now);
  if (type === 'image' && mediaUrl !== undefined) assertPublicMedia(mediaUrl, target);
  const message = addMessage(store, conversation, target, ctx.now, {
    direction: 'out',
    type: type === 'image' ? 'image' : 'text',
    body: type === 'image' ? (caption ?? body ?? null) : (body ?? null),
    media_url: type === 'image' ? (mediaUrl ?? null) : null,
  });
  store.addEvent(
    lead.id,
    'message_sent',
    `Mensagem (${message.type}) enviada.`,
    store.actorName(ctx.key),
    ctx.nowIso,
  );
  return ok({
    conversation_id: conversation.id,
    message_id: message.id,
    provider_msg_id: message.provider_msg_id,
  });
}

function sendTemplate(ctx: RouteContext) {
  const { store, account } = ctx;
  const lead = store.requireLead(account.id, ctx.params.id);
  const reader = new BodyReader(ctx.body);
  const templateId = reader.integer('template_id', { required: true });
  const headerMediaUrl = reader.url('header_media_url');
  const headerMediaFilename = reader.string('header_media_filename');
  const variablesRaw = reader.raw('variables');
  if (
    variablesRaw !== undefined &&
    variablesRaw !== null &&
    !isPlainObject(variablesRaw) &&
    !Array.isArray(variablesRaw)
  ) {
    reader.add(
      'variables',
      'O campo variables deve ser um objeto ({"1": "..."}) ou uma lista de valores em ordem.',
    );
  }
  const requestedInstance = readInstance(reader, store, account.id);
  const template = templateId === undefined ? undefined : store.template(account.id, templateId);
  if (templateId !== undefined && !template) {
    reader.add(
      'template_id',
      'O template_id informado não existe nesta conta (veja GET /chatapp/templates).',
    );
  }
  reader.done();
  if (!template) throw new Error('unreachable: template validated above');

  // Rules 1-2, 7 and the phone check all answer before any conversation exists.
  if (template.status !== 'APPROVED') {
    throw unprocessable(
      `O template "${template.name}" não está aprovado (status ${template.status}). Só templates APPROVED podem ser enviados.`,
      { skip_reason: 'template_not_approved', template_status: template.status },
    );
  }
  const instance = requestedInstance ?? store.instance(account.id, template.chatapp_instance_id);
  if (instance?.provider !== 'cloud_api') {
    throw unprocessable('Envio de template requer instancia Cloud API.');
  }
  if (template.chatapp_instance_id !== instance.id) {
    throw unprocessable(
      `O template "${template.name}" pertence à instância ${template.chatapp_instance_id}, não à ${instance.id}.`,
    );
  }
  const header = template.components.find((c) => c.type === 'HEADER');
  const headerFormat = header?.format;
  if (headerFormat && MEDIA_FORMATS.has(headerFormat) && headerMediaUrl === undefined) {
    throw unprocessable(
      `O template "${template.name}" tem cabeçalho ${headerFormat}: informe header_media_url com a URL pública do arquivo.`,
      { skip_reason: 'header_media_required', header_format: headerFormat },
    );
  }
  if (headerMediaUrl !== undefined && !(headerFormat && MEDIA_FORMATS.has(headerFormat))) {
    throw unprocessable(
      `O template "${template.name}" não tem cabeçalho de mídia: não é possível anexar arquivo a um template de texto.`,
      { skip_reason: 'header_media_not_supported' },
    );
  }
  const phone = requirePhone(lead);

  const conversation = findOrOpenConversation(store, lead, instance, phone, ctx.now);
  const variables = providerChecksVariables(template, variablesRaw);
  if (headerMediaUrl !== undefined) assertPublicMedia(headerMediaUrl, instance);
  const body = template.components.find((c) => c.type === 'BODY')?.text ?? '';
  const message = addMessage(store, conversation, instance, ctx.now, {
    direction: 'out',
    type: 'template',
    body: body.replace(/\{\{\s*(\d+)\s*\}\}/g, (_, n: string) => variables[n] ?? ''),
    template_id: template.id,
    template_name: template.name,
    variables,
    header_media_url: headerMediaUrl ?? null,
    header_media_filename: headerFormat === 'DOCUMENT' ? (headerMediaFilename ?? null) : null,
  });
  store.addEvent(
    lead.id,
    'message_sent',
    `Template ${template.name} enviado.`,
    store.actorName(ctx.key),
    ctx.nowIso,
  );
  return ok({
    conversation_id: conversation.id,
    message_id: message.id,
    provider_msg_id: message.provider_msg_id,
    template_name: template.name,
  });
}

function readInstance(
  reader: BodyReader,
  store: Store,
  accountId: number,
): InstanceRow | undefined {
  const id = reader.integer('instance_id');
  if (id === undefined) return undefined;
  const instance = store.instance(accountId, id);
  if (!instance)
    reader.add(
      'instance_id',
      'O instance_id informado não existe nesta conta (veja GET /chatapp/instances).',
    );
  return instance;
}

function primaryInstance(store: Store, accountId: number): InstanceRow {
  const instances = store.state.instances.filter((i) => i.account_id === accountId);
  const primary = instances.find((i) => i.is_primary) ?? instances[0];
  if (!primary)
    throw unprocessable(
      'A conta não tem número conectado: conecte um número ou informe instance_id.',
    );
  return primary;
}

/** The placeholders the approved template expects: body `{{N}}` keys, plus `header_1` for a text header variable. */
export function expectedVariableKeys(template: Pick<TemplateRow, 'components'>): string[] {
  const keys = new Set<string>();
  const header = template.components.find((c) => c.type === 'HEADER');
  if (
    header &&
    (header.format === undefined || header.format === 'TEXT') &&
    /\{\{\s*1\s*\}\}/.test(header.text ?? '')
  ) {
    keys.add('header_1');
  }
  const body = template.components.find((c) => c.type === 'BODY')?.text ?? '';
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) keys.add(String(Number(match[1])));
  return [...keys];
}

/**
 * What the official provider does with the parameters: a count mismatch, an empty value or a
 * line break makes it reject the whole send (rule 6), which the service relays as a 502.
 */
function providerChecksVariables(template: TemplateRow, raw: unknown): Record<string, string> {
  const given: Record<string, string> = {};
  if (Array.isArray(raw)) {
    raw.forEach((value, index) => {
      given[String(index + 1)] = value === null || value === undefined ? '' : String(value);
    });
  } else if (isPlainObject(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      given[key] = value === null || value === undefined ? '' : String(value);
    }
  }
  const expected = expectedVariableKeys(template);
  const missing = expected.filter((key) => !(key in given));
  const extra = Object.keys(given).filter((key) => !expected.includes(key));
  if (missing.length > 0 || extra.length > 0) {
    throw providerError(
      `o template espera as variáveis ${expected.join(', ') || '(nenhuma)'}; ${missing.length > 0 ? `faltam ${missing.join(', ')}` : `sobram ${extra.join(', ')}`}.`,
      132000,
      'Number of parameters does not match the expected number of params',
    );
  }
  for (const key of expected) {
    const value = given[key] as string;
    if (value.trim() === '') {
      throw providerError(`a variável ${key} está vazia.`, 131008, 'Required parameter is missing');
    }
    if (/[\n\r\t]| {5,}/.test(value)) {
      throw providerError(
        `a variável ${key} contém quebra de linha, tabulação ou mais de 4 espaços seguidos.`,
        132018,
        'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      );
    }
  }
  return given;
}

function providerError(detail: string, code: number, providerMessage: string): HttpError {
  return new HttpError(502, {
    success: false,
    message: `Provedor retornou erro: ${detail}`,
    raw: {
      error: {
        message: `(#${code}) ${providerMessage}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: providerMessage },
        fbtrace_id: 'AbCdEfSandbox',
      },
    },
  });
}

/** The provider downloads media itself, so a URL it cannot reach fails the send (rule 3). */
function assertPublicMedia(url: string, instance: InstanceRow): void {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const privateHost =
    host === 'localhost' ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    host.endsWith('.lan') ||
    host === '[::1]' ||
    /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.0\.0\.0)/.test(host);
  if (!privateHost && parsed.username === '' && parsed.password === '') return;
  const code = instance.provider === 'cloud_api' ? 131053 : 500;
  throw new HttpError(502, {
    success: false,
    message:
      'Falha ao enviar: o provedor não conseguiu baixar o arquivo. A URL precisa ser pública (sem login, VPN ou lista de IPs).',
    raw: {
      error: {
        message: `(#${code}) Media upload error`,
        type: 'OAuthException',
        code,
        error_data: {
          messaging_product: 'whatsapp',
          details: `Unable to download the media from ${url}`,
        },
        fbtrace_id: 'AbCdEfSandbox',
      },
    },
  });
}

function findConversation(
  store: Store,
  lead: LeadRow,
  instance: InstanceRow,
): ConversationRow | undefined {
  return store.state.conversations.find(
    (c) => c.lead_id === lead.id && c.instance_id === instance.id,
  );
}

function findOrOpenConversation(
  store: Store,
  lead: LeadRow,
  instance: InstanceRow,
  phone: string,
  now: number,
): ConversationRow {
  const existing = findConversation(store, lead, instance);
  if (existing) return existing;
  const conversation: ConversationRow = {
    id: store.nextId('conversations'),
    account_id: lead.account_id,
    lead_id: lead.id,
    instance_id: instance.id,
    phone,
    status: 'open',
    last_message_at: null,
    last_inbound_at: null,
    unread_count: 0,
    created_at: iso(now),
  };
  store.state.conversations.push(conversation);
  return conversation;
}

/** A new message in the conversation, which it reopens: no media or template unless `fields` has them. */
function addMessage(
  store: Store,
  conversation: ConversationRow,
  instance: InstanceRow,
  now: number,
  { direction, type, ...fields }: Partial<MessageRow> & Pick<MessageRow, 'direction' | 'type'>,
): MessageRow {
  const id = store.nextId('messages');
  const message: MessageRow = {
    id,
    conversation_id: conversation.id,
    direction,
    type,
    body: null,
    media_url: null,
    template_id: null,
    template_name: null,
    variables: null,
    header_media_url: null,
    header_media_filename: null,
    provider_msg_id: providerMessageId(instance, id),
    created_at: iso(now),
    ...fields,
  };
  store.state.messages.push(message);
  conversation.last_message_at = message.created_at;
  conversation.status = 'open';
  return message;
}

function providerMessageId(instance: InstanceRow, messageId: number): string {
  const digest = createHash('sha256').update(`${instance.id}:${messageId}`).digest();
  return instance.provider === 'cloud_api'
    ? `wamid.${digest.toString('base64url').slice(0, 40)}`
    : `3EB0${digest.toString('hex').slice(0, 16).toUpperCase()}`;
}

/**
 * The contact writes to the number: what opens (or renews) the 24-hour window. Used by the
 * admin route and in-process tests, since the sandbox has no real phone on the other side.
 */
export function recordInbound(
  store: Store,
  lead: LeadRow,
  instance: InstanceRow,
  body: string,
  now: number,
): { conversation: ConversationRow; message: MessageRow } {
  const phone = lead.phone ?? '';
  const conversation = findOrOpenConversation(store, lead, instance, phone, now);
  const message = addMessage(store, conversation, instance, now, {
    direction: 'in',
    type: 'text',
    body,
  });
  conversation.last_inbound_at = message.created_at;
  conversation.unread_count += 1;
  return { conversation, message };
}

export const messagingRoutes: Route[] = [
  { method: 'GET', pattern: '/chatapp/instances', scope: 'chatapp:read', handler: listInstances },
  { method: 'GET', pattern: '/chatapp/templates', scope: 'chatapp:read', handler: listTemplates },
  {
    method: 'POST',
    pattern: '/leads/:id/send-chatapp',
    scope: 'chatapp:write',
    handler: sendChatapp,
  },
  {
    method: 'POST',
    pattern: '/leads/:id/send-chatapp-template',
    scope: 'chatapp:write',
    handler: sendTemplate,
  },
];
