import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../sandbox/index';
import {
  InvalidInputError,
  ProviderError,
  SkipError,
  type TemplateStatus,
  UnprocessableError,
} from '../../../src/api';
import { errorFrom, useContractServer } from './server';

const sandbox = useContractServer();
const { templates, instances, leads } = DEMO;
const PUBLIC_PDF = 'https://files.example.com/proposta-123.pdf';

/** A fresh lead with a phone and no conversation yet, to see whether a refusal opened one. */
function newLeadWithPhone(): number {
  return sandbox.server.client().leads.create({
    name: 'Contato Novo',
    phone: '+5511933332222',
    pipeline_id: DEMO.pipelines.vendas,
    stage_id: DEMO.stages.novo,
  }).id;
}

describe('leads.sendChatapp (POST /leads/{id}/send-chatapp)', () => {
  it('sends text on the primary (QR) number', () => {
    const client = sandbox.server.client();
    const sent = client.leads.sendChatapp(leads.windowOpen, { type: 'text', body: 'Olá, Maria!' });
    expect(sent.message_id).toEqual(expect.any(Number));
    expect(sent.conversation_id).toEqual(expect.any(Number));
    expect(sent.provider_msg_id).toEqual(expect.any(String));
    const conversation = client.leads.get(leads.windowOpen, ['conversation']).conversation;
    expect(conversation?.id).toBe(sent.conversation_id);
  });

  it('sends on the official number inside the 24-hour window', () => {
    const sent = sandbox.server.client().leads.sendChatapp(leads.windowOpen, {
      type: 'text',
      body: 'Oi de novo',
      instance_id: instances.cloud,
    });
    expect(sent.provider_msg_id).toMatch(/^wamid\./);
  });

  it('outside the window the official number refuses with skip_reason window_closed', () => {
    const error = errorFrom(SkipError, () =>
      sandbox.server.client().leads.sendChatapp(leads.windowClosed, {
        type: 'text',
        body: 'Ainda por aí?',
        instance_id: instances.cloud,
      }),
    );
    expect(error.status).toBe(422);
    expect(error.skipReason).toBe('window_closed');
    expect(error.message).toContain('24 horas');
  });

  it('a message from the contact reopens the window', async () => {
    await sandbox.server.admin('POST', '/__admin/inbound', { lead_id: leads.windowClosed });
    const sent = sandbox.server.client().leads.sendChatapp(leads.windowClosed, {
      type: 'text',
      body: 'Que bom que voltou',
      instance_id: instances.cloud,
    });
    expect(sent.message_id).toEqual(expect.any(Number));
  });

  it('sends an image with a caption', () => {
    const sent = sandbox.server.client().leads.sendChatapp(leads.windowOpen, {
      type: 'image',
      media_url: 'https://cdn.example.com/catalogo.jpg',
      caption: 'Nosso catálogo',
    });
    expect(sent.message_id).toEqual(expect.any(Number));
  });

  it.each([
    ['an image without media_url', { type: 'image', caption: 'x' }, 'media_url'],
    ['text without body', { type: 'text' }, 'body'],
    ['a document', { type: 'document', body: 'x' }, 'type'],
  ] as const)('refuses %s before any request', (_name, input, field) => {
    const error = errorFrom(InvalidInputError, () =>
      // @ts-expect-error: some inputs are outside the type on purpose
      sandbox.server.client().leads.sendChatapp(leads.windowOpen, input),
    );
    expect(error.message).toContain(field);
  });

  it('a lead without phone gets 422 Lead sem telefone cadastrado.', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server.client().leads.sendChatapp(leads.noPhone, { type: 'text', body: 'Oi' }),
    );
    expect(error.message).toBe('Lead sem telefone cadastrado.');
  });

  it('a media URL the provider cannot reach is a 502 ProviderError with raw', () => {
    const error = errorFrom(ProviderError, () =>
      sandbox.server.client().leads.sendChatapp(leads.windowOpen, {
        type: 'image',
        media_url: 'http://192.168.0.10/foto.jpg',
      }),
    );
    expect(error.status).toBe(502);
    expect(error.message.startsWith('Falha ao enviar:')).toBe(true);
    expect(error.raw).toMatchObject({ error: { code: 500 } });
  });
});

describe('leads.sendChatappTemplate (POST /leads/{id}/send-chatapp-template)', () => {
  it('sends an approved template with object variables', () => {
    const sent = sandbox.server.client().leads.sendChatappTemplate(leads.windowClosed, {
      template_id: templates.boasVindas,
      variables: { '1': 'Pedro', '2': 'Comercial Automação' },
    });
    expect(sent.template_name).toBe('boas_vindas');
    expect(sent.provider_msg_id).toMatch(/^wamid\./);
  });

  it('array variables are equivalent to the object form', () => {
    const sent = sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
      template_id: templates.boasVindas,
      variables: ['Maria', 'Comercial Automação'],
    });
    expect(sent.template_name).toBe('boas_vindas');
  });

  it('a text-header variable goes under header_1', () => {
    const sent = sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
      template_id: templates.textHeader,
      variables: { header_1: '#4521', '1': 'Maria', '2': 'R$ 450,00', '3': '25/11' },
    });
    expect(sent.template_name).toBe('lembrete_pagamento');
  });

  it('without header_1 the provider rejects the whole send: 502 with raw', () => {
    const error = errorFrom(ProviderError, () =>
      sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
        template_id: templates.textHeader,
        variables: { '1': 'Maria', '2': 'R$ 450,00', '3': '25/11' },
      }),
    );
    expect(error.message.startsWith('Provedor retornou erro:')).toBe(true);
    expect(error.message).toContain('header_1');
    expect(error.raw).toMatchObject({ error: { code: 132000 } });
  });

  it.each([
    ['empty', { '1': 'Maria', '2': '' }],
    ['multi-line', { '1': 'Maria', '2': 'linha 1\nlinha 2' }],
    ['empty in the array form', ['Maria', '']],
  ])('refuses a %s variable before any request', async (_name, variables) => {
    await sandbox.server.admin('DELETE', '/__admin/requests');
    const error = errorFrom(InvalidInputError, () =>
      sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
        template_id: templates.boasVindas,
        variables,
      }),
    );
    expect(error.message).toMatch(/empty|line break/);
    expect((await sandbox.server.admin('GET', '/__admin/requests')).data).toEqual([]);
  });

  it.each([
    ['DOCUMENT', templates.document],
    ['IMAGE', templates.image],
    ['VIDEO', templates.video],
  ] as const)(
    'a %s header without header_media_url: header_media_required, no conversation opened',
    (format, templateId) => {
      const client = sandbox.server.client();
      const leadId = newLeadWithPhone();
      const error = errorFrom(SkipError, () =>
        client.leads.sendChatappTemplate(leadId, {
          template_id: templateId,
          variables: ['Contato', '10%'].slice(0, templateId === templates.image ? 2 : 1),
        }),
      );
      expect(error.status).toBe(422);
      expect(error.skipReason).toBe('header_media_required');
      expect(error.headerFormat).toBe(format);
      expect(client.leads.get(leadId, ['conversation']).conversation).toBeNull();
    },
  );

  it('a DOCUMENT header sends with a public URL and a file name', () => {
    const sent = sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
      template_id: templates.document,
      variables: { '1': 'Maria' },
      header_media_url: PUBLIC_PDF,
      header_media_filename: 'Proposta Maria.pdf',
    });
    expect(sent.template_name).toBe('proposta_comercial');
  });

  it('a header file URL behind a private network fails the send with the provider raw error', () => {
    const error = errorFrom(ProviderError, () =>
      sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
        template_id: templates.document,
        variables: { '1': 'Maria' },
        header_media_url: 'https://intranet.local/proposta.pdf',
      }),
    );
    expect(error.message.startsWith('Falha ao enviar:')).toBe(true);
    expect(error.raw).toMatchObject({ error: { code: 131053 } });
  });

  it('a file for a template without a media header is refused', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
        template_id: templates.boasVindas,
        variables: ['Maria', 'CA'],
        header_media_url: PUBLIC_PDF,
      }),
    );
    expect(error.status).toBe(422);
  });

  it('the QR number cannot send templates: Envio de template requer instancia Cloud API.', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
        template_id: templates.boasVindas,
        variables: ['Maria', 'CA'],
        instance_id: instances.qr,
      }),
    );
    expect(error.message).toBe('Envio de template requer instancia Cloud API.');
  });

  it('a lead without phone: Lead sem telefone cadastrado.', () => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server.client().leads.sendChatappTemplate(leads.noPhone, {
        template_id: templates.boasVindas,
        variables: ['João', 'CA'],
      }),
    );
    expect(error.message).toBe('Lead sem telefone cadastrado.');
  });

  it.each([
    ['PENDING', templates.pending],
    ['REJECTED', templates.rejected],
    ['PAUSED', templates.paused],
    ['DISABLED', templates.disabled],
  ] as const)('a %s template cannot be sent', (_status, templateId) => {
    const error = errorFrom(UnprocessableError, () =>
      sandbox.server.client().leads.sendChatappTemplate(leads.windowOpen, {
        template_id: templateId,
        variables: ['Maria'],
      }),
    );
    expect(error.status).toBe(422);
  });

  it('templates are not bound by the 24-hour window', () => {
    const sent = sandbox.server.client().leads.sendChatappTemplate(leads.windowClosed, {
      template_id: templates.fixedText,
    });
    expect(sent.template_name).toBe('aviso_atendimento');
  });
});

describe('chatapp.instances and chatapp.templates', () => {
  it('lists the QR primary number and the official one with their capabilities', () => {
    const list = sandbox.server.client().chatapp.instances();
    expect(list).toEqual([
      expect.objectContaining({
        id: instances.qr,
        provider: 'unofficial',
        is_primary: true,
        supports_templates: false,
        has_window_restriction: false,
        status: 'connected',
      }),
      expect.objectContaining({
        id: instances.cloud,
        provider: 'cloud_api',
        is_primary: false,
        supports_templates: true,
        has_window_restriction: true,
      }),
    ]);
  });

  it('lists templates with components, header formats and variables', () => {
    const list = sandbox.server.client().chatapp.templates();
    const byId = new Map(list.map((t) => [t.id, t]));
    expect(byId.get(templates.document)?.components[0]).toMatchObject({
      type: 'HEADER',
      format: 'DOCUMENT',
    });
    expect(byId.get(templates.textHeader)?.variables).toEqual(['header_1', '1', '2', '3']);
    expect(byId.get(templates.boasVindas)).toMatchObject({
      name: 'boas_vindas',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      chatapp_instance_id: instances.cloud,
      quality_rating: 'GREEN',
    });
  });

  it.each(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as TemplateStatus[])(
    'filters by status %s',
    (status) => {
      const list = sandbox.server.client().chatapp.templates({ status });
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((t) => t.status === status)).toBe(true);
    },
  );

  it('filters by instance_id and language', () => {
    const client = sandbox.server.client();
    expect(client.chatapp.templates({ instance_id: instances.qr })).toEqual([]);
    expect(client.chatapp.templates({ instance_id: instances.cloud }).length).toBe(11);
    expect(client.chatapp.templates({ language: 'en_US' }).map((t) => t.name)).toEqual([
      'welcome_en',
    ]);
  });
});
