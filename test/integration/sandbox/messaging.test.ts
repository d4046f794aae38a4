import { describe, expect, it } from 'vitest';
import { call, DEMO, DEMO_KEYS, HOUR, makeSandbox } from './helpers';

const maria = DEMO.leads.windowOpen;
const sendTemplate = (leadId: number = maria) => `/leads/${leadId}/send-chatapp-template`;

describe('POST /leads/{id}/send-chatapp-template', () => {
  it('sends an approved template: {success, conversation_id, message_id, provider_msg_id, template_name}', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: { template_id: DEMO.templates.boasVindas, variables: { '1': 'Maria', '2': 'Padaria' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      conversation_id: expect.any(Number),
      message_id: expect.any(Number),
      provider_msg_id: expect.stringMatching(/^wamid\./),
      template_name: 'boas_vindas',
    });
    const message = sandbox.state.messages.find((m) => m.id === answer.json.message_id);
    expect(message?.body).toBe('Olá Maria, seja bem-vindo(a) à Padaria! Conte com a gente.');
  });

  it('accepts variables as an array, equivalent to the object form', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: { template_id: DEMO.templates.boasVindas, variables: ['Maria', 'Padaria'] },
    });
    expect(answer.status).toBe(200);
    expect(sandbox.state.messages.find((m) => m.id === answer.json.message_id)?.variables).toEqual({
      '1': 'Maria',
      '2': 'Padaria',
    });
  });

  it.each(['PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const)(
    'refuses a %s template before any conversation exists',
    (status) => {
      const { sandbox } = makeSandbox();
      const templateId = sandbox.state.templates.find(
        (t) => t.account_id === 1 && t.status === status,
      )?.id;
      const conversations = sandbox.state.conversations.length;
      const answer = call(sandbox, 'POST', sendTemplate(DEMO.leads.noPhone), {
        body: { template_id: templateId, variables: ['x'] },
      });
      expect(answer.status).toBe(422);
      expect(answer.json.message).toMatch(status);
      expect(sandbox.state.conversations.length).toBe(conversations);
    },
  );

  it('refuses a QR-connected number with the documented message', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: {
        template_id: DEMO.templates.boasVindas,
        instance_id: DEMO.instances.qr,
        variables: ['a', 'b'],
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      success: false,
      message: 'Envio de template requer instancia Cloud API.',
    });
  });

  it.each([
    ['DOCUMENT', DEMO.templates.document, ['Maria']],
    ['IMAGE', DEMO.templates.image, ['Maria', '10%']],
    ['VIDEO', DEMO.templates.video, ['Maria']],
  ])(
    'a %s header without header_media_url: 422 header_media_required before any conversation',
    (format, templateId, variables) => {
      const { sandbox } = makeSandbox();
      const leadWithoutConversation = DEMO.leads.blocked;
      const conversations = sandbox.state.conversations.length;
      const answer = call(sandbox, 'POST', sendTemplate(leadWithoutConversation), {
        body: { template_id: templateId, variables },
      });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({
        success: false,
        skip_reason: 'header_media_required',
        header_format: format,
      });
      expect(sandbox.state.conversations.length).toBe(conversations);
    },
  );

  it('sends a DOCUMENT header with a public URL and keeps the file name', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: {
        template_id: DEMO.templates.document,
        variables: { '1': 'Maria' },
        header_media_url: 'https://files.example.com/proposta-123.pdf',
        header_media_filename: 'Proposta Maria.pdf',
      },
    });
    expect(answer.status).toBe(200);
    expect(sandbox.state.messages.find((m) => m.id === answer.json.message_id)).toMatchObject({
      header_media_url: 'https://files.example.com/proposta-123.pdf',
      header_media_filename: 'Proposta Maria.pdf',
    });
  });

  it('ignores header_media_filename for IMAGE headers', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: {
        template_id: DEMO.templates.image,
        variables: ['Maria', '10%'],
        header_media_url: 'https://cdn.example.com/a.jpg',
        header_media_filename: 'a.jpg',
      },
    });
    expect(
      sandbox.state.messages.find((m) => m.id === answer.json.message_id)?.header_media_filename,
    ).toBeNull();
  });

  it('refuses a file for a template without a media header', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: {
        template_id: DEMO.templates.boasVindas,
        variables: ['a', 'b'],
        header_media_url: 'https://files.example.com/x.pdf',
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.skip_reason).toBe('header_media_not_supported');
  });

  it.each([
    ['a URL on localhost', 'http://localhost:8080/proposta.pdf'],
    ['a private network address', 'http://192.168.0.10/proposta.pdf'],
    ['a URL with credentials', 'https://user:secret@files.example.com/proposta.pdf'],
  ])('the provider cannot download %s: 502 Falha ao enviar with raw', (_label, url) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: { template_id: DEMO.templates.document, variables: ['Maria'], header_media_url: url },
    });
    expect(answer.status).toBe(502);
    expect(answer.json.success).toBe(false);
    expect(answer.json.message).toMatch(/^Falha ao enviar:/);
    expect(answer.json.raw.error.code).toBe(131053);
  });

  it.each([
    ['an empty variable', { '1': 'Maria', '2': '  ' }, 131008],
    ['a line break', { '1': 'Maria', '2': 'Padaria\nCentro' }, 132018],
    ['a tab', { '1': 'Maria\t', '2': 'Padaria' }, 132018],
    ['five spaces in a row', { '1': 'Maria     Silva', '2': 'Padaria' }, 132018],
    ['a missing variable', { '1': 'Maria' }, 132000],
    ['an extra variable', { '1': 'Maria', '2': 'Padaria', '3': 'extra' }, 132000],
    ['no variables at all', undefined, 132000],
  ])('the provider rejects %s: 502 Provedor retornou erro with raw', (_label, variables, code) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      body: { template_id: DEMO.templates.boasVindas, variables },
    });
    expect(answer.status).toBe(502);
    expect(answer.json.message).toMatch(/^Provedor retornou erro:/);
    expect(answer.json.raw.error.code).toBe(code);
    expect(sandbox.state.messages.filter((m) => m.direction === 'out')).toHaveLength(0);
  });

  it('a text header variable goes under header_1, apart from body positions', () => {
    const { sandbox } = makeSandbox();
    const body = {
      template_id: DEMO.templates.textHeader,
      variables: { '1': 'Maria', '2': 'R$ 150,00', '3': '25/11/2026' },
    };
    const missing = call(sandbox, 'POST', sendTemplate(), { body });
    expect(missing.status).toBe(502);
    expect(missing.json.message).toMatch(/header_1/);
    const sent = call(sandbox, 'POST', sendTemplate(), {
      body: { ...body, variables: { ...body.variables, header_1: '#4521' } },
    });
    expect(sent.status).toBe(200);
  });

  it('a template without variables sends with none', () => {
    const { sandbox } = makeSandbox();
    expect(
      call(sandbox, 'POST', sendTemplate(), { body: { template_id: DEMO.templates.fixedText } })
        .status,
    ).toBe(200);
  });

  it('a lead without phone: 422 Lead sem telefone cadastrado.', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(DEMO.leads.noPhone), {
      body: { template_id: DEMO.templates.boasVindas, variables: ['a', 'b'] },
    });
    expect(answer.json).toEqual({ success: false, message: 'Lead sem telefone cadastrado.' });
  });

  it('templates are not bound by the 24-hour window', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(DEMO.leads.windowClosed), {
      body: { template_id: DEMO.templates.boasVindas, variables: ['Pedro', 'Loja'] },
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    [{}, 'template_id'],
    [{ template_id: 'um' }, 'template_id'],
    [{ template_id: 9999 }, 'template_id'],
    [{ template_id: DEMO.templates.boasVindas, variables: 'Maria' }, 'variables'],
    [{ template_id: DEMO.templates.document, header_media_url: 'arquivo.pdf' }, 'header_media_url'],
    [{ template_id: DEMO.templates.boasVindas, instance_id: 9999 }, 'instance_id'],
  ])('rejects %j on %s', (body, field) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), { body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors)).toEqual([field]);
  });

  it('needs chatapp:write', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', sendTemplate(), {
      key: DEMO_KEYS.readonly,
      body: { template_id: 1 },
    });
    expect(answer.json.required_permission).toBe('chatapp:write');
  });
});

describe('POST /leads/{id}/send-chatapp', () => {
  it('sends text on the primary (QR) number without any window', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${DEMO.leads.blocked}/send-chatapp`, {
      body: { type: 'text', body: 'Olá!' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      conversation_id: expect.any(Number),
      message_id: expect.any(Number),
      provider_msg_id: expect.any(String),
    });
    const conversation = sandbox.state.conversations.find(
      (c) => c.id === answer.json.conversation_id,
    );
    expect(conversation?.instance_id).toBe(DEMO.instances.qr);
  });

  it('on the official number, sends inside the 24-hour window and refuses outside it with window_closed', () => {
    const { sandbox, advance } = makeSandbox();
    const body = { type: 'text', body: 'Oi', instance_id: DEMO.instances.cloud };
    expect(call(sandbox, 'POST', `/leads/${maria}/send-chatapp`, { body }).status).toBe(200);
    const closed = call(sandbox, 'POST', `/leads/${DEMO.leads.windowClosed}/send-chatapp`, {
      body,
    });
    expect(closed.status).toBe(422);
    expect(closed.json).toEqual({
      success: false,
      message: expect.stringMatching(/24 horas/),
      skip_reason: 'window_closed',
    });
    // Maria wrote 2 h before the seed: the window closes 22 h later.
    advance(22 * HOUR);
    expect(call(sandbox, 'POST', `/leads/${maria}/send-chatapp`, { body }).status).toBe(200);
    advance(1);
    expect(call(sandbox, 'POST', `/leads/${maria}/send-chatapp`, { body }).json.skip_reason).toBe(
      'window_closed',
    );
  });

  it('a message from the contact reopens the window', () => {
    const { sandbox } = makeSandbox();
    const body = { type: 'text', body: 'Oi', instance_id: DEMO.instances.cloud };
    expect(
      call(sandbox, 'POST', `/leads/${DEMO.leads.windowClosed}/send-chatapp`, { body }).status,
    ).toBe(422);
    sandbox.simulateInbound(DEMO.leads.windowClosed, DEMO.instances.cloud, 'Ainda tenho interesse');
    expect(
      call(sandbox, 'POST', `/leads/${DEMO.leads.windowClosed}/send-chatapp`, { body }).status,
    ).toBe(200);
  });

  it('a lead who never wrote to the official number is outside the window', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${DEMO.leads.blocked}/send-chatapp`, {
      body: { type: 'text', body: 'Oi', instance_id: DEMO.instances.cloud },
    });
    expect(answer.json.skip_reason).toBe('window_closed');
  });

  it('sends an image with a caption', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${maria}/send-chatapp`, {
      body: { type: 'image', media_url: 'https://cdn.example.com/oferta.jpg', caption: 'Oferta' },
    });
    expect(answer.status).toBe(200);
    expect(sandbox.state.messages.find((m) => m.id === answer.json.message_id)).toMatchObject({
      type: 'image',
      body: 'Oferta',
    });
  });

  it.each([
    [{}, ['body', 'type']],
    [{ type: 'text' }, ['body']],
    [{ type: 'image' }, ['body', 'media_url']],
    [{ type: 'image', media_url: 'foto.jpg' }, ['media_url']],
    [{ type: 'document', media_url: 'https://x.example.com/a.pdf' }, ['type']],
    [{ type: 'text', body: 'x', instance_id: 99 }, ['instance_id']],
  ])('rejects %j on %j', (body, fields) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${maria}/send-chatapp`, { body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors).sort()).toEqual(fields);
  });

  it('refuses documents, pointing to templates', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${maria}/send-chatapp`, {
      body: { type: 'document', media_url: 'https://x.example.com/a.pdf' },
    });
    expect(answer.json.errors.type[0]).toMatch(/template/);
  });

  it('a lead without phone: 422', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', `/leads/${DEMO.leads.noPhone}/send-chatapp`, {
      body: { type: 'text', body: 'Oi' },
    });
    expect(answer.json).toEqual({ success: false, message: 'Lead sem telefone cadastrado.' });
  });
});

describe('GET /chatapp/instances and /chatapp/templates', () => {
  it('lists one QR primary number and one cloud_api number', () => {
    const { sandbox } = makeSandbox();
    const data = call(sandbox, 'GET', '/chatapp/instances').json.data;
    expect(
      data.map(
        (i: {
          provider: string;
          is_primary: boolean;
          supports_templates: boolean;
          has_window_restriction: boolean;
        }) => [i.provider, i.is_primary, i.supports_templates, i.has_window_restriction],
      ),
    ).toEqual([
      ['unofficial', true, false, false],
      ['cloud_api', false, true, true],
    ]);
  });

  it('lists templates in every status with DOCUMENT, IMAGE and text-variable headers', () => {
    const { sandbox } = makeSandbox();
    const data = call(sandbox, 'GET', '/chatapp/templates').json.data as {
      status: string;
      components: { type: string; format?: string; text?: string }[];
      variables: string[];
    }[];
    expect(new Set(data.map((t) => t.status))).toEqual(
      new Set(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']),
    );
    const headers = data.map((t) => t.components.find((c) => c.type === 'HEADER')?.format);
    expect(headers).toEqual(expect.arrayContaining(['DOCUMENT', 'IMAGE', 'VIDEO', 'TEXT']));
    expect(data.find((t) => t.variables.includes('header_1'))?.variables).toEqual([
      'header_1',
      '1',
      '2',
      '3',
    ]);
  });

  it.each([
    ['status=APPROVED', (t: { status: string }) => t.status === 'APPROVED'],
    ['language=en_US', (t: { language: string }) => t.language === 'en_US'],
    ['language=pt-BR', (t: { language: string }) => t.language === 'pt_BR'],
    [`instance_id=${DEMO.instances.qr}`, () => false],
  ])('filters by %s', (query, predicate) => {
    const { sandbox } = makeSandbox();
    const all = call(sandbox, 'GET', '/chatapp/templates').json.data;
    const filtered = call(sandbox, 'GET', `/chatapp/templates?${query}`).json.data;
    expect(filtered).toEqual(all.filter(predicate));
  });

  it('rejects an unknown status filter', () => {
    const { sandbox } = makeSandbox();
    expect(
      call(sandbox, 'GET', '/chatapp/templates?status=approved').json.errors.status,
    ).toBeDefined();
  });
});
