import { describe, expect, it } from 'vitest';
import { normalizeLeadFilters, parseQueryString } from '../../../../src/core/query/parse';
import { needsLookups, resolveLeadFilters } from '../../../../src/core/query/resolve';
import { pipelines, users } from './fixtures';

function resolveQuery(query: string) {
  return resolveLeadFilters(normalizeLeadFilters(parseQueryString(query)), { pipelines, users });
}

describe('resolveLeadFilters', () => {
  it.each([
    ['pipeline=Vendas&stage=Proposta', { pipeline_id: 3, stage_id: 32 }],
    ['pipeline=vendas&stage=PROPOSTA', { pipeline_id: 3, stage_id: 32 }],
    ['pipeline=Pos-venda&stage=proposta', { pipeline_id: 4, stage_id: 42 }],
    ['pipeline=P%C3%B3s-venda', { pipeline_id: 4 }],
    ['stage=negociacao', { stage_id: 33 }],
    ['stage=Negociação', { stage_id: 33 }],
    ['pipeline=3&stage=32', { pipeline_id: 3, stage_id: 32 }],
    ['pipeline=2026', { pipeline_id: 2026 }],
    ['pipeline_id=4&stage=Proposta', { pipeline_id: 4, stage_id: 42 }],
    ['pipeline=Vendas&pipeline_id=3', { pipeline_id: 3 }],
    ['owner=Ana Souza', { assigned_to: 7 }],
    ['owner=ana souza', { assigned_to: 7 }],
    ['owner=JOAO@empresa.com.br', { assigned_to: 8 }],
    ['owner=joão pereira', { assigned_to: 8 }],
    ['owner=9', { assigned_to: 9 }],
    ['owner=maria.s@filial.com.br', { assigned_to: 10 }],
    ['q=maria&tags=vip', { q: 'maria', tags: ['vip'] }],
  ])('%s → %j', (query, expected) => {
    expect(resolveQuery(query)).toEqual(expected);
  });

  it.each([
    [
      'pipeline=Venda',
      /Unknown pipeline "Venda"\. Pipelines in this account: Vendas, Pós-venda, Eventos 2026\./,
    ],
    ['pipeline=99', /Unknown pipeline "99"/],
    [
      'pipeline=Vendas&stage=Onboarding',
      /Unknown stage "Onboarding" in pipeline "Vendas"\. Its stages: Novo, Proposta, Negociação, Ganho, Perdido\./,
    ],
    [
      'stage=Proposta',
      /Stage "Proposta" exists in several pipelines \("Vendas", "Pós-venda"\): add pipeline=<name>/,
    ],
    [
      'stage=Fechado',
      /Unknown stage "Fechado"\. Stages in this account: Novo \(Vendas\), .*Onboarding \(Pós-venda\)/,
    ],
    ['pipeline_id=77&stage=Novo', /pipeline_id 77 is not a pipeline of this account.*Vendas \(3\)/],
    [
      'pipeline=Vendas&pipeline_id=4',
      /pipeline points at id 3 but pipeline_id is 4: give only one of them/,
    ],
    ['pipeline=Vendas&stage=Novo&stage_id=32', /stage points at id 31 but stage_id is 32/],
    [
      'owner=Carlos',
      /Unknown owner "Carlos"\. Give a user's name, e-mail or id; users: Ana Souza <ana@empresa.com.br>/,
    ],
    [
      'owner=Maria Silva',
      /Owner "Maria Silva" matches several users \(maria.silva@empresa.com.br, maria.s@filial.com.br\): give the e-mail/,
    ],
  ])('%s is refused with the valid names', (query, message) => {
    expect(() => resolveQuery(query)).toThrow(message);
  });

  it('says which lists it needs, so no request is spent on the others', () => {
    expect(needsLookups({ pipeline_id: 3, q: 'x' })).toEqual({ pipelines: false, users: false });
    expect(needsLookups({ stage: 'Novo' })).toEqual({ pipelines: true, users: false });
    expect(needsLookups({ owner: 'Ana' })).toEqual({ pipelines: false, users: true });
    expect(resolveLeadFilters({ pipeline_id: 3, tags: ['vip'] }, {})).toEqual({
      pipeline_id: 3,
      tags: ['vip'],
    });
    expect(() => resolveLeadFilters({ owner: 'Ana' }, { pipelines })).toThrow(
      /needs the users list/,
    );
    expect(() => resolveLeadFilters({ stage: 'Novo' }, { users })).toThrow(
      /needs the pipelines list/,
    );
  });

  it('does not mutate its input', () => {
    const filters = normalizeLeadFilters({ pipeline: 'Vendas', stage: 'Novo' });
    const copy = structuredClone(filters);
    resolveLeadFilters(filters, { pipelines });
    expect(filters).toEqual(copy);
  });
});
