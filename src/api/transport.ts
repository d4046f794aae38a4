/**
 * The client speaks to the CRM through this synchronous seam, because Apps Script's
 * UrlFetchApp is synchronous. Adapters: src/gas/url-fetch-transport.ts (Apps Script)
 * and tools/sync-http.ts (Node, for tests and tools).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Header names are lowercase. */
  headers: Record<string, string>;
  body: string;
}

export interface Transport {
  /** Returns every HTTP status; throws only when no response arrived (DNS, refused, reset). */
  send(request: HttpRequest): HttpResponse;
  /**
   * Sends every request at once and returns their responses in order (UrlFetchApp.fetchAll:
   * the requests run in parallel, so a batch costs about as long as its slowest request).
   * Like fetchAll it throws when any request got no response at all, and then nobody knows
   * which of the others reached the server. Transports without it send one at a time.
   */
  sendAll?(requests: readonly HttpRequest[]): HttpResponse[];
}
