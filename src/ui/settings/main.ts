import { byId, inputValue, showStatus, whileBusy } from '../shared/dom';
import { callServer, errorText } from '../shared/server';

function showKeyState(masked: string): void {
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
  hint.append(code, '. Leave the field empty to keep it.');
}

async function load(): Promise<void> {
  try {
    const settings = await callServer('uiGetSettings');
    byId<HTMLInputElement>('base-url').value = settings.baseUrl;
    byId<HTMLInputElement>('default-country').value = settings.defaultCountry;
    showKeyState(settings.apiKeyMasked);
  } catch (error) {
    showStatus('status', errorText(error), 'error');
  }
}

async function save(): Promise<void> {
  showStatus('status', 'Checking the key with the CRM…');
  const apiKey = inputValue('api-key');
  try {
    const { account } = await callServer('crmConfigure', {
      // An empty field keeps the saved key (crmConfigure falls back to it).
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

byId<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('save'), save);
});
void load();
