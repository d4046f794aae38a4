/**
 * English: the Import sidebar's column mapping and the Send sidebar's suggestions. Under `ui.`
 * so that the sidebars receive them (core/i18n/sidebar-page.ts).
 */
export const MAPPING_EN = {
  'ui.import.mapHint':
    'Pick the CRM field each column goes to. Unticked columns are left out; the add-on’s own CRM columns are never sent.',
  'ui.import.noColumns':
    'No column here holds lead data: add columns such as Nome, E-mail or Telefone.',
  'ui.import.ignore': '— ignore —',
  'ui.import.leadFields': 'Lead fields',
  'ui.import.customFields': 'Custom fields',
  'ui.import.fieldFor': 'CRM field for {header}',
  'ui.import.sameField':
    'More than one column goes to {field} ({columns}): keep it on one and pick another field, or ignore, for the others.',
  'ui.import.field.name': 'Name',
  'ui.import.field.email': 'E-mail',
  'ui.import.field.phone': 'Phone',
  'ui.import.field.company': 'Company',
  'ui.import.field.value': 'Value',
  'ui.import.field.source': 'Source',
  'ui.import.field.tags': 'Tags',
  'ui.import.field.notes': 'Notes',
  'ui.import.field.birthday': 'Birthday',
  'ui.import.field.pipeline': 'Pipeline',
  'ui.import.field.stage': 'Stage',
  'ui.import.field.owner': 'Owner',
  'ui.import.field.utm_source': 'UTM source',
  'ui.import.field.utm_medium': 'UTM medium',
  'ui.import.field.utm_campaign': 'UTM campaign',
  'ui.import.field.utm_term': 'UTM term',
  'ui.import.field.utm_content': 'UTM content',
  'ui.send.pickNumber': '— pick a number —',
  'ui.send.numberOffline': '{name} — not connected',
  'ui.send.suggested':
    'Columns suggested from the template’s words and the sheet’s headers: check each one before sending.',
} as const;
