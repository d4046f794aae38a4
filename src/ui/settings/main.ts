import { byId, inputValue, showStatus, whileBusy } from '../shared/dom';
import { t } from '../shared/i18n';
import { callServer, errorText } from '../shared/server';

function showKeyState(masked: string): void {
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
  const [before = '', after = ''] = t('ui.settings.savedKey', { key: '\u0000' }).split('\u0000');
  hint.append(before, code, after);
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
  showStatus('status', t('ui.settings.checking'));
  const apiKey = inputValue('api-key');
  try {
    const { account } = await callServer('crmConfigure', {
      // An empty field keeps the saved key (crmConfigure falls back to it).
      ...(apiKey === '' ? {} : { apiKey }),
      baseUrl: inputValue('base-url'),
      defaultCountry: inputValue('default-country'),
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

byId<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(byId<HTMLButtonElement>('save'), save);
});
void load();
