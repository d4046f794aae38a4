/**
 * What the playground injects into each sidebar in place of Apps Script's client library:
 * `google.script.run` POSTs {fn, args} to /run, where the server runs the function as one
 * execution of the real bundle, and settles the success or failure handler with the result.
 * The page is told after every call so it can redraw the workbook.
 */
export const GOOGLE_SCRIPT_SHIM = `(function () {
  'use strict';
  function notify(message) {
    try { window.parent.postMessage(message, '*'); } catch (ignored) {}
  }
  function call(fn, args, success, failure, userObject) {
    fetch('/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fn: fn, args: args })
    })
      .then(function (response) { return response.json(); })
      .then(function (result) {
        notify({ type: 'crm-playground:ran', fn: fn, ok: result.ok });
        if (result.ok) {
          if (success) success(result.value, userObject);
        } else {
          var error = new Error(result.error.message);
          error.name = result.error.name;
          if (failure) failure(error, userObject);
          else console.error(fn + ' failed: ' + result.error.message);
        }
      }, function (error) {
        var lost = new Error('The playground server did not answer (' + error.message + '). Is npm start still running?');
        if (failure) failure(lost, userObject);
      });
  }
  function runner(success, failure, userObject) {
    var base = {
      withSuccessHandler: function (handler) { return runner(handler, failure, userObject); },
      withFailureHandler: function (handler) { return runner(success, handler, userObject); },
      withUserObject: function (object) { return runner(success, failure, object); }
    };
    return new Proxy(base, {
      get: function (target, name) {
        if (name in target) return target[name];
        if (typeof name !== 'string' || name === 'then') return undefined;
        return function () { call(name, Array.prototype.slice.call(arguments), success, failure, userObject); };
      }
    });
  }
  window.google = {
    script: {
      run: runner(undefined, undefined, undefined),
      host: {
        close: function () { notify({ type: 'crm-playground:close' }); },
        setHeight: function () {},
        setWidth: function () {},
        editor: { focus: function () {} }
      }
    }
  };
})();`;

/** Puts the shim first in <head>, before any script of the sidebar runs. */
export function injectShim(html: string): string {
  const tag = `<script>${GOOGLE_SCRIPT_SHIM}</script>`;
  const head = /<head[^>]*>/i.exec(html);
  if (head)
    return `${html.slice(0, head.index + head[0].length)}${tag}${html.slice(head.index + head[0].length)}`;
  return `${tag}${html}`;
}
