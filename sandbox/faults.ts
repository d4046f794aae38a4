/**
 * Fault injection: each armed fault answers (or slows, or drops) the next `count` API requests
 * that match it, then disarms. Latency stacks with the other kinds; of the others, the oldest
 * matching fault wins.
 */
export const FAULT_KINDS = ['429', '502', 'html', 'truncated', 'drop', 'latency'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /** How many matching requests it affects (default 1). */
  count?: number;
  /** For `latency`: milliseconds added to each affected answer. */
  latencyMs?: number;
  /** For `502`: the provider's original error placed in `raw`. */
  raw?: unknown;
  /** For `502`: replaces the message (keep a `Falha ao enviar:` / `Provedor retornou erro:` prefix). */
  message?: string;
  /** For `html`: the status sent with the HTML page (default 200, like a captive portal). */
  status?: number;
  /** For `429`: seconds in Retry-After and retry_after (default 5). */
  retryAfter?: number;
  /** Only requests whose path (after /api/v1) starts with this, e.g. '/leads/1/send'. */
  pathPrefix?: string;
  /** Only requests with this method. */
  method?: string;
  /** For `drop`: run the request first (its effects happen) and then drop the answer. */
  afterHandler?: boolean;
}

export interface ArmedFault extends FaultSpec {
  id: number;
  remaining: number;
}

export interface FaultDecision {
  latencyMs: number;
  fault?: ArmedFault;
}

export class FaultQueue {
  private armed: ArmedFault[] = [];
  private lastId = 0;

  add(spec: FaultSpec): ArmedFault {
    const problem = describeFaultProblem(spec);
    if (problem) throw new Error(problem);
    this.lastId += 1;
    const fault: ArmedFault = { ...spec, id: this.lastId, remaining: spec.count ?? 1 };
    this.armed.push(fault);
    return fault;
  }

  list(): ArmedFault[] {
    return this.armed.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.armed = [];
  }

  /** Consumes one use of every fault matching this API request. `apiPath` has no /api/v1 prefix. */
  take(method: string, apiPath: string): FaultDecision {
    let latencyMs = 0;
    let chosen: ArmedFault | undefined;
    for (const fault of this.armed) {
      if (fault.remaining <= 0 || !matches(fault, method, apiPath)) continue;
      if (fault.kind === 'latency') {
        latencyMs += fault.latencyMs ?? 0;
        fault.remaining -= 1;
      } else if (!chosen) {
        chosen = fault;
        fault.remaining -= 1;
      }
    }
    this.armed = this.armed.filter((fault) => fault.remaining > 0);
    return chosen ? { latencyMs, fault: chosen } : { latencyMs };
  }
}

function matches(fault: FaultSpec, method: string, apiPath: string): boolean {
  if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return false;
  if (fault.pathPrefix) {
    const prefix = fault.pathPrefix.replace(/^\/api\/v1/, '');
    if (!apiPath.startsWith(prefix)) return false;
  }
  return true;
}

/** Why a fault spec cannot be armed, in words that say what to fix; undefined when it is fine. */
export function describeFaultProblem(spec: FaultSpec): string | undefined {
  if (!(FAULT_KINDS as readonly string[]).includes(spec.kind)) {
    return `kind must be one of ${FAULT_KINDS.join(', ')} (got ${JSON.stringify(spec.kind)})`;
  }
  if (spec.count !== undefined && !(Number.isInteger(spec.count) && spec.count >= 1)) {
    return `count must be a whole number >= 1 (got ${JSON.stringify(spec.count)})`;
  }
  if (spec.kind === 'latency') {
    if (typeof spec.latencyMs !== 'number' || !(spec.latencyMs > 0 && spec.latencyMs <= 120_000)) {
      return `latency needs latencyMs between 1 and 120000 (got ${JSON.stringify(spec.latencyMs)})`;
    }
  }
  if (
    spec.status !== undefined &&
    !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)
  ) {
    return `status must be an HTTP status 100-599 (got ${JSON.stringify(spec.status)})`;
  }
  if (
    spec.retryAfter !== undefined &&
    !(Number.isInteger(spec.retryAfter) && spec.retryAfter >= 0)
  ) {
    return `retryAfter must be a whole number of seconds >= 0 (got ${JSON.stringify(spec.retryAfter)})`;
  }
  return undefined;
}
