import type { PipelineSpec } from './pipeline-spec';

export interface PipelineTemplate {
  slug: string;
  niche: string;
  niche_slug: string;
  description: string;
  spec: PipelineSpec;
}

const won = (name: string) => ({
  name,
  color: '#22C55E',
  is_won: true,
  is_lost: false,
  required_tasks: [],
});
const lost = (name: string) => ({
  name,
  color: '#EF4444',
  is_won: false,
  is_lost: true,
  required_tasks: [],
});
const open = (
  name: string,
  color: string,
  required_tasks: PipelineSpec['stages'][number]['required_tasks'] = [],
) => ({
  name,
  color,
  is_won: false,
  is_lost: false,
  required_tasks,
});
const spec = (name: string, color: string, stages: PipelineSpec['stages']): PipelineSpec => ({
  name,
  color,
  auto_create_from_chatapp: false,
  auto_create_from_social: false,
  stages,
});

/** Official pipeline templates: installing one creates a pipeline named like the template. */
export const PIPELINE_TEMPLATES: readonly PipelineTemplate[] = [
  {
    slug: 'imobiliaria-vendas',
    niche: 'Imobiliário',
    niche_slug: 'imobiliario',
    description: 'Da captação do interessado à assinatura do contrato.',
    spec: spec('Imobiliária — Vendas', '#0EA5E9', [
      open('Novo interessado', '#94A3B8'),
      open('Visita agendada', '#3B82F6', [
        { subject: 'Confirmar visita', task_type: 'call', priority: 'high' },
      ]),
      open('Proposta', '#F59E0B'),
      open('Documentação', '#8B5CF6', [
        { subject: 'Conferir documentos', task_type: 'other', priority: 'high' },
      ]),
      won('Contrato assinado'),
      lost('Desistiu'),
    ]),
  },
  {
    slug: 'imobiliaria-locacao',
    niche: 'Imobiliário',
    niche_slug: 'imobiliario',
    description: 'Locação residencial com análise de crédito.',
    spec: spec('Imobiliária — Locação', '#06B6D4', [
      open('Contato', '#94A3B8'),
      open('Análise de crédito', '#F59E0B'),
      won('Locado'),
      lost('Reprovado'),
    ]),
  },
  {
    slug: 'educacao-matriculas',
    niche: 'Educação',
    niche_slug: 'educacao',
    description: 'Captação de alunos até a matrícula.',
    spec: spec('Matrículas', '#A855F7', [
      open('Interessado', '#94A3B8'),
      open('Visita / aula experimental', '#3B82F6'),
      open('Negociação', '#F59E0B', [
        { subject: 'Enviar plano de pagamento', task_type: 'email', priority: 'medium' },
      ]),
      won('Matriculado'),
      lost('Não matriculou'),
    ]),
  },
  {
    slug: 'saude-clinica',
    niche: 'Saúde',
    niche_slug: 'saude',
    description: 'Agendamento e comparecimento em clínicas.',
    spec: spec('Clínica — Agendamentos', '#10B981', [
      open('Contato inicial', '#94A3B8'),
      open('Agendado', '#3B82F6', [
        { subject: 'Confirmar consulta', task_type: 'whatsapp', priority: 'high' },
      ]),
      won('Compareceu'),
      lost('Faltou'),
    ]),
  },
  {
    slug: 'b2b-consultivo',
    niche: 'Serviços B2B',
    niche_slug: 'servicos-b2b',
    description: 'Venda consultiva com reunião de diagnóstico e proposta.',
    spec: spec('B2B Consultivo', '#6366F1', [
      open('Prospecção', '#94A3B8'),
      open('Diagnóstico', '#3B82F6', [
        { subject: 'Reunião de diagnóstico', task_type: 'meeting', priority: 'high' },
      ]),
      open('Proposta', '#F59E0B', [
        { subject: 'Enviar proposta', task_type: 'proposal', priority: 'high' },
      ]),
      open('Negociação', '#F97316'),
      won('Fechado'),
      lost('Perdido'),
    ]),
  },
];
