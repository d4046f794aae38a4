/** English: the CRM menu and the sidebars' titles. */
export const MENU_EN = {
  'menu.settings': 'Settings',
  'menu.import': 'Import leads',
  'menu.export': 'Export leads',
  'menu.send': 'Send template',
  'menu.jobs': 'Jobs',
  'menu.help': 'Help',
  'menu.title.settings': 'CRM · Settings',
  'menu.title.import': 'CRM · Import leads',
  'menu.title.export': 'CRM · Export leads',
  'menu.title.send': 'CRM · Send template',
  'menu.title.jobs': 'CRM · Jobs',
  'menu.title.help': 'CRM · Help',
} as const;
