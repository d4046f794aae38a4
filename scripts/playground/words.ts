/**
 * The playground's own words (the page around the add-on, not the add-on's: those live in
 * src/core/i18n), in English and Brazilian Portuguese. The page picks the browser's language
 * (navigator.language) until the person uses the "Your language" switch, then that one; the
 * server words what it renders into /state (logs, trigger line) in the language the page asks.
 * `{name}` marks a value put in; entries ending in `Html` are markup.
 */
const EN = {
  pageTitle: 'CRM Sheets playground',
  loading: 'Loading…',
  simulatedTime: 'Simulated time: {time}',
  unreachable: 'Playground server unreachable: {detail}',
  running: 'Running: {what}',
  yourLanguage: 'Your language',
  note: 'Time here is simulated, on one clock shared with the local CRM sandbox: the limit of 60 requests per minute holds in simulated time, so a 1,000-row import (about 17 minutes at the real rate) runs in seconds. The sidebars run the real add-on bundle in a local Apps Script runtime; nothing leaves this machine.',
  menuLabel: 'CRM menu:',
  hintHtml:
    'Type a value or a formula such as <code>=CRM_PIPELINES()</code> into a cell, or paste rows copied from another sheet. In a pt_BR spreadsheet type as Sheets there: <code>=CRM_LEADS("";"nome,etapa";10)</code>, 1,5, 25/11/2026, VERDADEIRO. Only the add-on\'s CRM_* functions, cell references and ranges are computed here; other Sheets functions (SUM, IF…) show #NAME?.',
  sidebar: 'Sidebar',
  close: 'Close',
  sidebarPlaceholder: 'Pick an item of the CRM menu above to open its sidebar.',
  executions: 'Executions',
  fireNextTrigger: 'Fire next trigger',
  fireNextTriggerTitle: 'Move simulated time to the next time-driven trigger and fire it',
  triggersNote:
    'A job whose sidebar was closed goes on by trigger: triggers fire when simulated time reaches them (it follows the clock), or at once with Fire next trigger.',
  requestsHeading: 'Requests to the CRM sandbox',
  renameTab: 'Double-click to rename',
  addSheet: 'Add a sheet',
  newNameOf: 'New name of {name}',
  cellLabel: 'Cell {a1}',
  menuFailed: '{caption} failed: {detail}',
  cellNotChanged: 'The cell was not changed: {detail}',
  nothingPasted: 'Nothing was pasted: {detail}',
  buttonOK: 'OK',
  buttonCANCEL: 'Cancel',
  buttonYES: 'Yes',
  buttonNO: 'No',
  noTrigger: 'No trigger waiting.',
  triggersWaiting:
    '{count} trigger(s) waiting; the next fires at {time} (simulated), or now with Fire next trigger.',
  noneYet: 'None yet.',
  requestsTotal: '{count} request(s) in total.',
  triggerRan: 'trigger → ',
  formulaRan: 'formula → ',
};

export type PlaygroundWord = keyof typeof EN;
export type PlaygroundLanguage = 'en' | 'pt';

const PT: Record<PlaygroundWord, string> = {
  pageTitle: 'Playground do CRM Sheets',
  loading: 'Carregando…',
  simulatedTime: 'Hora simulada: {time}',
  unreachable: 'O servidor do playground não responde: {detail}',
  running: 'Em execução: {what}',
  yourLanguage: 'Seu idioma',
  note: 'Aqui a hora é simulada, num relógio compartilhado com o sandbox local do CRM: o limite de 60 requisições por minuto vale na hora simulada, então uma importação de 1.000 linhas (cerca de 17 minutos no ritmo real) termina em segundos. As barras laterais rodam o pacote real do complemento num runtime local do Apps Script; nada sai desta máquina.',
  menuLabel: 'Menu CRM:',
  hintHtml:
    'Digite numa célula um valor ou uma fórmula como <code>=CRM_PIPELINES()</code>, ou cole linhas copiadas de outra planilha. Numa planilha pt_BR digite como no Sheets de lá: <code>=CRM_LEADS("";"nome,etapa";10)</code>, 1,5, 25/11/2026, VERDADEIRO. Aqui só as funções CRM_* do complemento, referências a células e intervalos são calculadas; as demais funções do Sheets (SOMA, SE…) mostram #NAME?.',
  sidebar: 'Barra lateral',
  close: 'Fechar',
  sidebarPlaceholder: 'Escolha um item do menu CRM acima para abrir a barra lateral.',
  executions: 'Execuções',
  fireNextTrigger: 'Disparar o próximo acionador',
  fireNextTriggerTitle: 'Avança a hora simulada até o próximo acionador de tempo e o dispara',
  triggersNote:
    'Um trabalho cuja barra lateral foi fechada continua por acionador: os acionadores disparam quando a hora simulada chega a eles (ela acompanha o relógio), ou na hora com Disparar o próximo acionador.',
  requestsHeading: 'Requisições ao sandbox do CRM',
  renameTab: 'Clique duas vezes para renomear',
  addSheet: 'Adicionar uma página',
  newNameOf: 'Novo nome de {name}',
  cellLabel: 'Célula {a1}',
  menuFailed: '{caption} falhou: {detail}',
  cellNotChanged: 'A célula não foi alterada: {detail}',
  nothingPasted: 'Nada foi colado: {detail}',
  buttonOK: 'OK',
  buttonCANCEL: 'Cancelar',
  buttonYES: 'Sim',
  buttonNO: 'Não',
  noTrigger: 'Nenhum acionador aguardando.',
  triggersWaiting:
    '{count} acionador(es) aguardando; o próximo dispara às {time} (hora simulada), ou agora com Disparar o próximo acionador.',
  noneYet: 'Nenhuma ainda.',
  requestsTotal: '{count} requisição(ões) no total.',
  triggerRan: 'acionador → ',
  formulaRan: 'fórmula → ',
};

export const PLAYGROUND_WORDS: Record<PlaygroundLanguage, Record<PlaygroundWord, string>> = {
  en: EN,
  pt: PT,
};

/** 'pt' for any Portuguese tag (pt, pt-BR, pt_BR), else 'en'. */
export function playgroundLanguage(tag: unknown): PlaygroundLanguage {
  return typeof tag === 'string' && /^pt\b/i.test(tag.replace('_', '-')) ? 'pt' : 'en';
}

/** One of the playground's words, with its `{name}` values put in. */
export function playgroundWord(
  language: PlaygroundLanguage,
  word: PlaygroundWord,
  values: Record<string, string | number> = {},
): string {
  return PLAYGROUND_WORDS[language][word].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
