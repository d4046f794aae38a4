import type { SETTINGS_EN } from '../en/settings';

/** Português: CRM → Configurações e crmConfigure / crmAllowFormulas. */
export const SETTINGS_PT: Readonly<Record<keyof typeof SETTINGS_EN, string>> = {
  'settings.notAnObject':
    'crmConfigure precisa de um objeto como {apiKey: "crm_…", baseUrl: "https://…/api/v1"}.',
  'settings.keyMissing':
    'Falta a chave de API: cole a chave criada no CRM em Configurações → Chaves de API.',
  'settings.keyForm': 'A chave de API começa com "crm_" e não tem espaços (recebido: {masked}).',
  'settings.keyForNewBaseUrl':
    'A URL base mudou: cole a chave de API de novo. Uma chave salva só é enviada ao endereço para o qual foi salva.',
  'settings.got': ' (recebido: "{value}")',
  'settings.baseUrl.missing':
    'Falta a URL base: informe o endereço da API do CRM, como https://crm.example.com/api/v1.',
  'settings.baseUrl.notUrl':
    'A URL base não é um endereço{got}: escreva como https://crm.example.com/api/v1.',
  'settings.baseUrl.scheme': 'A URL base deve começar com https://{got}.',
  'settings.baseUrl.credentials':
    'A URL base precisa de um host e de nenhum usuário ou senha{got}, como https://crm.example.com/api/v1.',
  'settings.baseUrl.query':
    'A URL base não pode ter query string nem #fragmento{got}: termine em /api/v1.',
  'settings.baseUrl.plainHttp':
    'A URL base deve usar https:// para a chave nunca trafegar aberta; http:// só para localhost{got}.',
  'settings.baseUrl.path':
    'A URL base deve terminar em /api/v1, como https://crm.example.com/api/v1{got}.',
  'settings.countryUnknown':
    'O país padrão deve ser um código de país de duas letras, como BR ou US{got}.',
  'settings.formulasNeedKey':
    'Salve sua chave de API primeiro (crmConfigure): fórmulas só podem ser liberadas para uma chave salva.',
  'settings.formulasNoSpreadsheet':
    'crmAllowFormulas funciona numa planilha: chame-a na planilha cujas fórmulas você libera.',
  'ui.error.apiKeyForNewBaseUrl':
    'O endereço do CRM mudou: cole a chave de API de novo. Uma chave salva só é enviada ao endereço para o qual foi salva.',
  'ui.error.baseUrlForm':
    'O endereço do CRM deve ser como https://crm.example.com/api/v1: sem usuário, senha, query nem #.',
  'ui.settings.savedKeyNewBaseUrl':
    'Chave salva: {key}. Um novo endereço do CRM precisa da chave de novo.',
  'ui.settings.formulasAllow': 'Liberar as fórmulas CRM_* nesta planilha com a minha chave',
  'ui.settings.formulasWarning':
    'As fórmulas sempre usam a chave do proprietário da planilha, seja quem for que recalcule. Depois de liberar, todo editor desta planilha pode ler o que as fórmulas CRM_* retornam (leads, telefones, e-mails…). Só vale o consentimento do proprietário.',
  'ui.settings.formulasAllowed': 'As fórmulas CRM_* agora podem usar sua chave aqui.',
  'ui.settings.formulasStopped': 'As fórmulas CRM_* foram interrompidas aqui.',
  // Opt-out (PRODUCT.md "Opt-out").
  'settings.optOutTagForm':
    'A tag de opt-out deve ser um nome de tag com até {max} caracteres, como optout.',
  'ui.settings.optOutTag': 'Tag de opt-out',
  'ui.settings.optOutTagHint':
    'Nenhum envio ou mensagem chega a um lead com esta tag (LGPD, qualidade do WhatsApp): essas linhas ficam como SKIPPED. Vazio: optout.',
  // A lista de tags de opt-out sob o bloqueio da planilha (core/settings/opt-out-tags.ts).
  'settings.optOutTagsBusy':
    'A lista de tags de opt-out da planilha está ocupada: outra pessoa a está salvando. Nada foi salvo; tente de novo em instantes.',
  'settings.optOutTagsTooLong':
    'A lista de tags de opt-out da planilha ocuparia {bytes} bytes, mais que os {max} que ela comporta. Nada foi salvo: use uma tag de opt-out mais curta, só com letras e números.',
  'ui.error.optOutTagsBusy':
    'Outra pessoa está salvando as tags de opt-out desta planilha agora. Nada foi salvo: tente de novo em instantes.',
  'ui.error.optOutTagsTooLong':
    'As tags de opt-out desta planilha ocupariam {bytes} bytes, mais que os {max} que elas comportam. Nada foi salvo: use uma tag de opt-out mais curta, só com letras e números.',
};
