/**
 * What a pipeline report's mark says (sheet-level developer metadata `crm.report`, written by
 * src/addon/reports-api.ts through src/gas/ownership.ts): the pipeline it reports, and the range
 * its table covers — the only cells a rewrite clears (core/ownership.ts).
 */
import { type OwnedRange, parseRange } from '../ownership';

export interface ReportMark {
  pipeline: number;
  range: OwnedRange | null;
}

/** The mark's stored value read back; null when it is none (not JSON, no pipeline). */
export function parseReportMark(value: string | null): ReportMark | null {
  if (value === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { pipeline, range } = parsed as Record<string, unknown>;
  if (typeof pipeline !== 'number') return null;
  return { pipeline, range: parseRange(range) };
}

export function reportMarkValue(mark: ReportMark): string {
  return JSON.stringify(mark);
}
