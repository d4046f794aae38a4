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
      return responseOf(refusalsTyped(() => UrlFetchApp.fetch(request.url, fetchOptions(request))));
    },
    /**
     * UrlFetchApp.fetchAll runs the requests in parallel and throws if any of them got no
     * response (https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app#fetchAll(Object)).
     */
    sendAll(requests: readonly HttpRequest[]): HttpResponse[] {
      if (requests.length === 0) return [];
      const batch = requests.map((request) => ({ url: request.url, ...fetchOptions(request) }));
      return refusalsTyped(() => UrlFetchApp.fetchAll(batch)).map(responseOf);
    },
  };
}

/**
 * A quota or allow-list refusal (thrown before anything leaves) becomes a PlatformQuotaError,
 * so jobs wait and mark no row; any other exception passes as it is (a network failure).
 */
function refusalsTyped<T>(urlFetchCall: () => T): T {
  try {
    return urlFetchCall();
  } catch (error) {
    throw asPlatformQuotaError(error) ?? error;
  }
}

function fetchOptions(request: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequestOptions {
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
  return options;
}

function responseOf(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  return {
    status: response.getResponseCode(),
    headers: lowercaseHeaders(response.getAllHeaders() as Record<string, unknown>),
    body: response.getContentText(),
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
