import { byId, inputValue, showStatus, whileBusy } from '../shared/dom';
import { callServer, errorText } from '../shared/server';

/** The base URL the saved key belongs to: the key is kept only while the field still says it. */
let savedBaseUrl = '';
let savedKeyMasked = '';

function showKeyState(masked: string): void {
  savedKeyMasked = masked;
  const hint = byId('key-state');
  hint.replaceChildren();
  if (masked === '') {
    hint.textContent = 'No key saved yet.';
    return;
  }
  hint.append('Saved key: ');
  const code = document.createElement('span');
  code.className = 'masked';
  code.id = 'masked-key';
  code.textContent = masked;
  const sameBaseUrl = inputValue('base-url').replace(/\/+$/, '') === savedBaseUrl;
  hint.append(
    code,
    sameBaseUrl
      ? '. Leave the field empty to keep it.'
      : '. A new base URL needs the key again: paste it.',
  );
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
      allowed ? 'CRM_* formulas may now use your key here.' : 'CRM_* formulas stopped here.',
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
    byId<HTMLInputElement>('default-country').value = settings.defaultCountry;
    savedBaseUrl = settings.configured ? settings.baseUrl : '';
    showKeyState(settings.apiKeyMasked);
    showFormulas(settings.configured, settings.formulasAllowed);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function save(): Promise<void> {
  showStatus('status', 'Checking the key with the CRM…');
  const apiKey = inputValue('api-key');
  try {
    const { account } = await callServer('uiSaveSettings', {
      // An empty field keeps the saved key, for the base URL it was saved for only.
      ...(apiKey === '' ? {} : { apiKey }),
      baseUrl: inputValue('base-url'),
      defaultCountry: inputValue('default-country'),
    });
    byId<HTMLInputElement>('api-key').value = '';
    const plan = account.plan ? ` · plan ${account.plan}` : '';
    showStatus('status', `Connected to ${account.name}${plan}.`, 'success');
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
void load();
