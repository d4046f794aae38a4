import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { CUSTOM_FUNCTIONS } from './export-fixtures';

const code = readFileSync(new URL('../../dist/Code.js', import.meta.url), 'utf8');

/** The globals Apps Script must see: menus, triggers, google.script.run targets, the crm* API, custom functions. */
const EXPECTED_GLOBALS = [
  'onOpen',
  'onInstall',
  'crmConfigure',
  'crmAllowFormulas',
  'refreshFormulas',
  'crmImportLeads',
  'crmGetJob',
  'crmListJobs',
  'crmCancelJob',
  'crmResumeJob',
  'crmRunJobs',
  'crmSchedule',
  'crmUnschedule',
  'crmListSchedules',
  'uiContinueJob',
  'uiGetSettings',
  'showSettingsSidebar',
  'showImportSidebar',
  'showExportSidebar',
  'showJobsSidebar',
  'showHelpSidebar',
  'showSendSidebar',
  'showActionsSidebar',
  'showPushSidebar',
  'uiPushSetup',
  'uiPushPreview',
  'uiPushRuns',
  'uiLeadActionsColumns',
  'uiListTemplates',
  'uiListColumns',
  'crmExportLeads',
  'crmSendTemplate',
  'uiPreviewSend',
  'uiCall',
  'uiActivateSheet',
  'crmPipelineReport',
  'showPipelineReport',
  ...CUSTOM_FUNCTIONS,
];

describe('dist/Code.js', () => {
  it('parses as plain ES2020 script: no import/export, class fields or #private', () => {
    expect(() => parse(code, { ecmaVersion: 2020, sourceType: 'script' })).not.toThrow();
  });

  it('loads in a bare V8 context and defines every expected global function', () => {
    const context = createContext({});
    runInContext(code, context);
    for (const name of [
      'require',
      'process',
      'Buffer',
      'fetch',
      'setTimeout',
      'URL',
      'TextEncoder',
    ]) {
      expect(runInContext(`typeof ${name}`, context), name).toBe('undefined');
    }
    for (const name of EXPECTED_GLOBALS) {
      expect(runInContext(`typeof ${name}`, context), name).toBe('function');
    }
  });

  // Issue 30: every custom-function recalculation loads the whole file, and V8 scans it all.
  it('is Latin-1 text, which V8 holds and scans as one byte per character', () => {
    const wide = [...new Set(code.match(/[\u0100-\uffff]/g) ?? [])];
    expect(wide).toEqual([]);
  });
});
