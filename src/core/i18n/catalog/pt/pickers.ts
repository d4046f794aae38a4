import type { PICKERS_EN } from '../en/pickers';

/** Português: rótulos curtos das listas das barras laterais (cabem em 300 px) e erros das barras que ainda não tinham palavras. */
export const PICKERS_PT: Readonly<Record<keyof typeof PICKERS_EN, string>> = {
  'ui.pipeline.default': '{name} (padrão)',
  'ui.pipeline.first': '{name} (1ª etapa)',
  'ui.pipeline.accountDefault': 'Padrão da conta',
  'ui.pipeline.firstStage': 'Primeira etapa',
  'ui.pipeline.hint':
    'Onde entram os leads novos cuja linha não tem Funil / Etapa: o que aparece é o que acontece. Leads existentes ficam onde estão.',
  'ui.settings.countryPick':
    'Para telefones escritos sem + e código do país. Brasil primeiro; digite uma letra para pular.',
  'ui.error.sidebarOutdated':
    'Esta barra lateral é de uma versão anterior do complemento: feche e abra de novo pelo menu CRM.',
  'ui.error.bug':
    'Algo deu errado dentro do complemento (um erro nosso, não dos seus dados). Tente de novo; se acontecer outra vez, conte ao suporte o que você clicou.',
  'ui.error.noSpreadsheet':
    'Nenhuma planilha está aberta aqui: abra a planilha e depois CRM → Configurações no menu dela.',
  'ui.error.startBusy': 'Outro processo está começando agora. Tente de novo em alguns segundos.',
};
