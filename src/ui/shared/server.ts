import type { SidebarFunctions } from '../../addon/ui-call';
import { t } from './i18n';

/**
 * The server functions a sidebar may call, typed from the server's own list (ui-call.ts):
 * renaming or re-typing one breaks the sidebar's build rather than a user's click.
 */
type Server = SidebarFunctions;

export type ServerFunctionName = {
  [K in keyof Server]: Server[K] extends (...args: never[]) => unknown ? K : never;
}[keyof Server];

type ServerFn<K extends ServerFunctionName> = Server[K] extends (...args: infer A) => infer R
  ? (...args: A) => R
  : never;

export type ServerArgs<K extends ServerFunctionName> = Parameters<ServerFn<K>>;
export type ServerResult<K extends ServerFunctionName> = ReturnType<ServerFn<K>>;

function asError(failure: unknown): Error {
  if (failure instanceof Error) return failure;
  if (typeof failure === 'object' && failure !== null && 'message' in failure) {
    return new Error(String((failure as { message: unknown }).message));
  }
  return new Error(String(failure));
}

/** The one google.script.run target: it runs the named function and words its errors for a person. */
const UI_CALL = 'uiCall';

/**
 * Calls one server function through google.script.run (by way of uiCall) and settles with its
 * value or its error, already in the person's words. Calls made one after another run
 * concurrently on the server, as in Apps Script.
 */
export function callServer<K extends ServerFunctionName>(
  name: K,
  ...args: ServerArgs<K>
): Promise<ServerResult<K>> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => resolve(value as ServerResult<K>))
      .withFailureHandler((failure) => reject(asError(failure)));
    const fn = runner[UI_CALL];
    if (typeof fn !== 'function') {
      reject(new Error(t('ui.error.noServer')));
      return;
    }
    (fn as (...a: unknown[]) => void).call(runner, name, args);
  });
}

/** The message to show for a failed call: Apps Script prefixes thrown errors with "Error: ". */
export function errorText(error: unknown): string {
  const message = asError(error).message;
  return message.replace(/^(Exception|Error):\s*/, '');
}
