import type { MAPPING_EN } from '../en/mapping';

/** Português: o mapeamento de colunas da importação e as sugestões do envio. */
export const MAPPING_PT: Readonly<Record<keyof typeof MAPPING_EN, string>> = {
  'ui.import.mapHint':
    'Escolha o campo do CRM de cada coluna. Colunas desmarcadas ficam de fora; as colunas CRM do próprio complemento nunca são enviadas.',
  'ui.import.noColumns':
    'Nenhuma coluna aqui tem dados de lead: inclua colunas como Nome, E-mail ou Telefone.',
  'ui.import.ignore': '— ignorar —',
  'ui.import.leadFields': 'Campos do lead',
  'ui.import.customFields': 'Campos personalizados',
  'ui.import.fieldFor': 'Campo do CRM para {header}',
  'ui.import.sameField':
    'Mais de uma coluna vai para {field} ({columns}): deixe em uma só e escolha outro campo, ou ignorar, para as outras.',
  'ui.import.field.name': 'Nome',
  'ui.import.field.email': 'E-mail',
  'ui.import.field.phone': 'Telefone',
  'ui.import.field.company': 'Empresa',
  'ui.import.field.value': 'Valor',
  'ui.import.field.source': 'Origem',
  'ui.import.field.tags': 'Etiquetas',
  'ui.import.field.notes': 'Observações',
  'ui.import.field.birthday': 'Aniversário',
  'ui.import.field.pipeline': 'Funil',
  'ui.import.field.stage': 'Etapa',
  'ui.import.field.owner': 'Responsável',
  'ui.import.field.utm_source': 'UTM origem (utm_source)',
  'ui.import.field.utm_medium': 'UTM mídia (utm_medium)',
  'ui.import.field.utm_campaign': 'UTM campanha (utm_campaign)',
  'ui.import.field.utm_term': 'UTM termo (utm_term)',
  'ui.import.field.utm_content': 'UTM conteúdo (utm_content)',
  'ui.send.pickNumber': '— escolha um número —',
  'ui.send.numberOffline': '{name} — desconectado',
  'ui.send.suggested':
    'Colunas sugeridas pelas palavras do template e pelos cabeçalhos da planilha: confira cada uma antes de enviar.',
};
