import type { HttpRequest, HttpResponse, Transport } from '../../../src/api/transport';

export const BASE_URL = 'https://crm.example.com/api/v1';
export const API_KEY = 'crm_test_0123456789abcdef';

/** A transport that records every request and answers with `respond`. */
export function fakeTransport(respond: (request: HttpRequest) => HttpResponse) {
  const requests: HttpRequest[] = [];
  const transport: Transport & { requests: HttpRequest[] } = {
    requests,
    send(request) {
      requests.push(request);
      return respond(request);
    },
  };
  return transport;
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export function textResponse(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): HttpResponse {
  return { status, headers, body };
}

/** Splits a request URL into its path below the base URL and its decoded query pairs. */
export function parseRequestUrl(url: string): { path: string; query: [string, string][] } {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/^\/api\/v1/, '');
  return { path, query: [...parsed.searchParams.entries()] };
}

/** A demo lead as the CRM returns it on a list. */
export function demoLead(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `Lead ${id}`,
    phone: `+55119876${String(id).padStart(5, '0')}`,
    email: `lead${id}@exemplo.com.br`,
    company: 'Padaria São João',
    value: 1500.5,
    source: 'site',
    tags: ['vip'],
    pipeline_id: 1,
    stage_id: 2,
    stage: { id: 2, name: 'Proposta' },
    pipeline: { id: 1, name: 'Vendas' },
    created_at: '2026-11-21T10:00:00-03:00',
    custom_fields: { cpf: '123.456.789-09' },
    ...extra,
  };
}
