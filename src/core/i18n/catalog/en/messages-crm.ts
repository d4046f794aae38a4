/**
 * English: what a CRM failure says in a job's detail or message when the words are not the
 * CRM's own (issue 18.2): no answer, an answer that is not the API's JSON, a redirect. The
 * client's precise English stays in the error's message for scripts.
 */
export const MESSAGES_CRM_EN = {
  'crm.detail.unreachable': 'the CRM could not be reached (no answer arrived)',
  'crm.detail.emptyBody': 'the CRM answered {status} with nothing in it',
  'crm.detail.htmlServer':
    'the CRM answered {status} with a web page instead of data: the server or a proxy in front of it failed',
  'crm.detail.htmlAddress':
    'the CRM answered {status} with a web page instead of data: check that the CRM address in Settings is the API address, ending in /api/v1',
  'crm.detail.notJson': 'the CRM answered {status} with data that could not be read (cut short?)',
  'crm.detail.unexpectedShape':
    'the CRM answered {status} with data in a form the add-on does not know (at {where})',
  'crm.detail.redirect':
    'the CRM sent the request elsewhere ({status}): check that the CRM address in Settings is the API address, ending in /api/v1',
  'crm.detail.noMessage': 'the CRM answered {status} without saying why',
  'crm.detail.missingScope': '{message} (the key lacks the "{scope}" permission)',
  'crm.detail.pendingTasks': '{message} (pending tasks: {tasks})',
  'crm.detail.unexpectedAnswer': 'the CRM answered {status} with data the add-on does not expect',
} as const;
