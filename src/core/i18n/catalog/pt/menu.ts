import type { MENU_EN } from '../en/menu';

/** Português: o menu CRM e os títulos das barras laterais. */
export const MENU_PT: Readonly<Record<keyof typeof MENU_EN, string>> = {
  'menu.settings': 'Configurações',
  'menu.import': 'Importar leads',
  'menu.export': 'Exportar leads',
  'menu.send': 'Enviar template',
  'menu.jobs': 'Processos',
  'menu.help': 'Ajuda',
  'menu.title.settings': 'CRM · Configurações',
  'menu.title.import': 'CRM · Importar leads',
  'menu.title.export': 'CRM · Exportar leads',
  'menu.title.send': 'CRM · Enviar template',
  'menu.title.jobs': 'CRM · Processos',
  'menu.title.help': 'CRM · Ajuda',
};
