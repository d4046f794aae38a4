import { asPlatformQuotaError } from '../api/platform-error';
import type { HttpRequest, HttpResponse, Transport } from '../api/transport';

/**
 * Transport over UrlFetchApp. muteHttpExceptions makes every HTTP status a response (the
 * client maps them to typed errors); UrlFetchApp still throws when nothing came back
 * (DNS, refused, timeout), which the client reports as a network error. Redirects are not
 * followed, so the API key goes only to the configured https:// base URL.
 */
export function createUrlFetchTransport(): Transport {
  return {
    send(request: HttpRequest): HttpResponse {
      const options: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions = {
        method: request.method.toLowerCase() as GoogleAppsScript.URL_Fetch.HttpMethod,
        headers: request.headers,
        muteHttpExceptions: true,
        // UrlFetchApp resends our headers to a redirect's target, which may be plain http or
        // another host: the key must never follow. The client reports a 3xx with its Location.
        followRedirects: false,
      };
      if (request.body !== undefined) {
        options.payload = request.body;
        options.contentType = request.headers['Content-Type'] ?? 'application/json';
      }
      let response: GoogleAppsScript.URL_Fetch.HTTPResponse;
      try {
        response = UrlFetchApp.fetch(request.url, options);
      } catch (error) {
        // A quota or allow-list refusal is typed, so jobs wait and mark no row (nothing left).
        throw asPlatformQuotaError(error) ?? error;
      }
      return {
        status: response.getResponseCode(),
        headers: lowercaseHeaders(response.getAllHeaders() as Record<string, unknown>),
        body: response.getContentText(),
      };
    },
  };
}

function lowercaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return result;
}
