import type * as ServerExports from '../../addon/index';

/**
 * The add-on's public surface, typed from the server's own exports: renaming or re-typing a
 * server function breaks the sidebar's build rather than a user's click.
 */
type Server = typeof ServerExports;

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

/**
 * Calls one server function through google.script.run and settles with its value or its
 * error. Calls made one after another run concurrently on the server, as in Apps Script.
 */
export function callServer<K extends ServerFunctionName>(
  name: K,
  ...args: ServerArgs<K>
): Promise<ServerResult<K>> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => resolve(value as ServerResult<K>))
      .withFailureHandler((failure) => reject(asError(failure)));
    const fn = runner[name];
    if (typeof fn !== 'function') {
      reject(new Error(`The add-on has no server function "${name}": deploy the latest build.`));
      return;
    }
    (fn as (...a: unknown[]) => void).apply(runner, args);
  });
}

/** The message to show for a failed call: Apps Script prefixes thrown errors with "Error: ". */
export function errorText(error: unknown): string {
  const message = asError(error).message;
  return message.replace(/^(Exception|Error):\s*/, '');
}
