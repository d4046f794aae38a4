/** English: CRM → Settings and crmConfigure / crmAllowFormulas. */
export const SETTINGS_EN = {
  'settings.notAnObject':
    'crmConfigure needs an object such as {apiKey: "crm_…", baseUrl: "https://…/api/v1"}.',
  'settings.keyMissing':
    'The API key is missing: paste the key created under Settings → API keys in the CRM.',
  'settings.keyForm': 'The API key must start with "crm_" and hold no spaces (got {masked}).',
  'settings.keyForNewBaseUrl':
    'The base URL changed: paste the API key again. A saved key is only sent to the address it was saved for.',
  'settings.got': ' (got "{value}")',
  'settings.baseUrl.missing':
    'The base URL is missing: give the CRM API address, such as https://crm.example.com/api/v1.',
  'settings.baseUrl.notUrl':
    'The base URL is not an address{got}: write it like https://crm.example.com/api/v1.',
  'settings.baseUrl.scheme': 'The base URL must start with https://{got}.',
  'settings.baseUrl.credentials':
    'The base URL needs a host name and no user name or password{got}, such as https://crm.example.com/api/v1.',
  'settings.baseUrl.query':
    'The base URL must not have a query string or #fragment{got}: end it at /api/v1.',
  'settings.baseUrl.plainHttp':
    'The base URL must use https:// so the key is never sent in clear; plain http:// only for localhost{got}.',
  'settings.baseUrl.path':
    'The base URL must end in /api/v1, such as https://crm.example.com/api/v1{got}.',
  'settings.countryUnknown':
    'The default country must be a two-letter country code such as BR or US{got}.',
  'settings.formulasNeedKey':
    'Save your API key first (crmConfigure): formulas can only be allowed for a saved key.',
  'settings.formulasNoSpreadsheet':
    'crmAllowFormulas works in a spreadsheet: call it from the spreadsheet whose formulas you allow.',
  // What the Settings sidebar says (its errors by code, core/person-message.ts).
  'ui.error.apiKeyForNewBaseUrl':
    'The CRM address changed: paste the API key again. A saved key is only sent to the address it was saved for.',
  'ui.error.baseUrlForm':
    'The CRM address must look like https://crm.example.com/api/v1: no user name, password, query or #.',
  'ui.settings.savedKeyNewBaseUrl': 'Saved key: {key}. A new CRM address needs the key again.',
  'ui.settings.formulasAllow': 'Allow CRM_* formulas in this spreadsheet with my key',
  'ui.settings.formulasWarning':
    "Formulas always use the spreadsheet owner's key, whoever recalculates them. Once allowed, every editor of this spreadsheet can read what CRM_* formulas return (leads, phones, e-mails…). Only the owner's consent counts.",
  'ui.settings.formulasAllowed': 'CRM_* formulas may now use your key here.',
  'ui.settings.formulasStopped': 'CRM_* formulas stopped here.',
  // Opt-out (PRODUCT.md "Opt-out").
  'settings.optOutTagForm':
    'The opt-out tag must be a tag name of at most {max} characters, such as optout.',
  'ui.settings.optOutTag': 'Opt-out tag',
  'ui.settings.optOutTagHint':
    'No send or message ever reaches a lead with this tag (LGPD, WhatsApp quality): such rows are SKIPPED. Empty: optout.',
  // The opt-out tags' list under the spreadsheet's lock (core/settings/opt-out-tags.ts).
  'settings.optOutTagsBusy':
    "The spreadsheet's list of opt-out tags is busy: someone else is saving it. Nothing was saved; try again in a moment.",
  'settings.optOutTagsTooLong':
    "The spreadsheet's list of opt-out tags would take {bytes} bytes, more than the {max} it may hold. Nothing was saved: use a shorter opt-out tag, of letters and digits only.",
  'ui.error.optOutTagsBusy':
    'Someone else is saving the opt-out tags of this spreadsheet right now. Nothing was saved: try again in a moment.',
  'ui.error.optOutTagsTooLong':
    'The opt-out tags of this spreadsheet would take {bytes} bytes, more than the {max} they may hold. Nothing was saved: use a shorter opt-out tag, of letters and digits only.',
} as const;
