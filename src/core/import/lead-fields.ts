import { headerKey } from './text-key';

/**
 * Lead fields a sheet column can fill. `pipeline`, `stage` and `owner` take a name or an
 * id and become `pipeline_id`, `stage_id` and `assigned_to` in the payload.
 */
export const LEAD_COLUMN_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'value',
  'source',
  'tags',
  'notes',
  'birthday',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'pipeline',
  'stage',
  'owner',
] as const;

export type LeadColumnField = (typeof LEAD_COLUMN_FIELDS)[number];

/** Header spellings (English and Portuguese) per field; compared through headerKey. */
const SYNONYMS: Record<LeadColumnField, readonly string[]> = {
  name: [
    'name',
    'nome',
    'full name',
    'nome completo',
    'lead name',
    'nome do lead',
    'nome do cliente',
  ],
  email: ['email', 'e-mail', 'email address', 'endereço de e-mail', 'mail'],
  phone: [
    'phone',
    'telefone',
    'celular',
    'whatsapp',
    'fone',
    'mobile',
    'phone number',
    'mobile phone',
    'cell phone',
    'número de telefone',
    'tel',
    'whats',
  ],
  company: ['company', 'empresa', 'company name', 'nome da empresa', 'organização', 'organization'],
  value: ['value', 'valor', 'deal value', 'valor do negócio', 'valor da negociação', 'amount'],
  source: ['source', 'origem', 'lead source', 'origem do lead', 'fonte'],
  tags: ['tags', 'tag', 'etiquetas', 'etiqueta', 'marcadores'],
  notes: ['notes', 'note', 'notas', 'nota', 'observações', 'observação', 'obs', 'anotações'],
  birthday: [
    'birthday',
    'aniversário',
    'data de nascimento',
    'nascimento',
    'date of birth',
    'birth date',
    'dob',
  ],
  utm_source: ['utm_source'],
  utm_medium: ['utm_medium'],
  utm_campaign: ['utm_campaign'],
  utm_term: ['utm_term'],
  utm_content: ['utm_content'],
  pipeline: ['pipeline', 'funil', 'funil de vendas', 'pipeline_id', 'pipeline name'],
  stage: ['stage', 'etapa', 'fase', 'estágio', 'stage_id', 'stage name'],
  owner: [
    'owner',
    'responsável',
    'assigned to',
    'assigned_to',
    'owner_name',
    'owner name',
    'owner_email',
    'owner email',
    'vendedor',
    'proprietário',
  ],
};

const FIELD_BY_KEY: ReadonlyMap<string, LeadColumnField> = new Map(
  LEAD_COLUMN_FIELDS.flatMap((field) =>
    SYNONYMS[field].map((synonym) => [headerKey(synonym), field] as const),
  ),
);

/** The lead field a header or target name stands for, or undefined. */
export function leadFieldForKey(key: string): LeadColumnField | undefined {
  return FIELD_BY_KEY.get(key);
}
