/**
 * The client half of google.script.run, as HtmlService injects it into a sidebar
 * (https://developers.google.com/apps-script/guides/html/reference/run). Only server.ts
 * touches it; everything else goes through the typed `callServer`.
 */
interface GoogleScriptRunner {
  withSuccessHandler(handler: (value: unknown) => void): GoogleScriptRunner;
  withFailureHandler(handler: (error: unknown) => void): GoogleScriptRunner;
  [serverFunction: string]: unknown;
}

declare const google: {
  script: {
    run: GoogleScriptRunner;
    host: { close(): void };
  };
};
