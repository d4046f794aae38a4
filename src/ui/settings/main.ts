import { byId, inputValue, showStatus, whileBusy } from '../shared/dom';
import { t } from '../shared/i18n';
import { callServer, errorText } from '../shared/server';
import { fillCountries } from './country-picker';

/** The base URL the saved key belongs to: the key is kept only while the field still says it. */
let savedBaseUrl = '';
let savedKeyMasked = '';

function showKeyState(masked: string): void {
  savedKeyMasked = masked;
  const hint = byId('key-state');
  hint.replaceChildren();
  if (masked === '') {
    hint.textContent = t('ui.settings.noKey');
    return;
  }
  const code = document.createElement('span');
  code.className = 'masked';
  code.id = 'masked-key';
  code.textContent = masked;
  // The masked key sits inside a translated sentence: split it around its placeholder.
  const sameBaseUrl = inputValue('base-url').replace(/\/+$/, '') === savedBaseUrl;
  const sentence = sameBaseUrl ? 'ui.settings.savedKey' : 'ui.settings.savedKeyNewBaseUrl';
  const [before = '', after = ''] = t(sentence, { key: '\u0000' }).split('\u0000');
  hint.append(before, code, after);
}

function showFormulas(configured: boolean, allowed: boolean): void {
  byId('formulas').hidden = !configured;
  byId<HTMLInputElement>('allow-formulas').checked = allowed;
}

async function allowFormulas(): Promise<void> {
  const box = byId<HTMLInputElement>('allow-formulas');
  box.disabled = true;
  try {
    const { allowed } = await callServer('crmAllowFormulas', box.checked);
    box.checked = allowed;
    showStatus(
      'status',
      t(allowed ? 'ui.settings.formulasAllowed' : 'ui.settings.formulasStopped'),
      'success',
    );
  } catch (error) {
    box.checked = !box.checked;
    showStatus('status', errorText(error), 'error');
  } finally {
    box.disabled = false;
  }
}

async function load(): Promise<void> {
  try {
    const settings = await callServer('uiGetSettings');
    byId<HTMLInputElement>('base-url').value = settings.baseUrl;
    fillCountries(byId<HTMLSelectElement>('default-country'), settings.defaultCountry);
    byId<HTMLInputElement>('opt-out-tag').value = settings.optOutTag;
    savedBaseUrl = settings.configured ? settings.baseUrl : '';
    showKeyState(settings.apiKeyMasked);
    showFormulas(settings.configured, settings.formulasAllowed);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function save(): Promise<void> {
  showStatus('status', t('ui.settings.checking'));
  const apiKey = inputValue('api-key');
  try {
    const { account } = await callServer('crmConfigure', {
      // An empty field keeps the saved key, for the base URL it was saved for only.
      ...(apiKey === '' ? {} : { apiKey }),
      baseUrl: inputValue('base-url'),
      defaultCountry: inputValue('default-country'),
      optOutTag: inputValue('opt-out-tag'),
    });
    byId<HTMLInputElement>('api-key').value = '';
    showStatus(
      'status',
      account.plan
        ? t('ui.settings.connectedPlan', { account: account.name, plan: account.plan })
        : t('ui.settings.connected', { account: account.name }),
      'success',
    );
    await load();
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

byId('base-url').addEventListener('input', () => showKeyState(savedKeyMasked));
byId('allow-formulas').addEventListener('change', () => void allowFormulas());
byId<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('save'), save);
});
// Brazil until the saved country arrives, so the list is never empty.
fillCountries(byId<HTMLSelectElement>('default-country'), 'BR');
void load();
