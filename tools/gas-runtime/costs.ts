import { createPrng } from '../../sandbox/prng';

/**
 * What simulated time each service call costs. Two models:
 *
 * - `realistic` (the default): a SpreadsheetApp call is a round trip to Sheets, and a range read
 *   or write also pays for every cell it moves; `flush` costs several round trips; a CRM request's
 *   latency is drawn from a named profile with seeded jitter, and the request reaches the server
 *   at its own instant inside that latency; one-off triggers fire late by a seeded delay.
 * - `fixed`: the runtime's original constant costs (300 ms a fetch that reaches the server when it
 *   is sent, 5 ms any sheet call, exact trigger times), for unit tests whose arithmetic needs them.
 *
 * Same seed, same calls → same instants, so a test or a bench run is reproducible.
 */
export type LatencyProfileName = 'fast' | 'typical' | 'slow' | 'verySlow';

export interface LatencyProfile {
  /** A CRM request's whole round trip, drawn uniformly from [min, max] ms. */
  fetchMs: { min: number; max: number };
  /** One SpreadsheetApp round trip, ms. */
  sheetCallMs: number;
}

/**
 * fast is today's world; typical is a CRM at 800 ms ± 300; a template send goes through the CRM
 * to the WhatsApp provider and back, so slow (1–2 s) is normal for sends and very slow (2–4 s)
 * happens.
 */
export const LATENCY_PROFILES: Readonly<Record<LatencyProfileName, LatencyProfile>> = {
  fast: { fetchMs: { min: 300, max: 300 }, sheetCallMs: 5 },
  typical: { fetchMs: { min: 500, max: 1_100 }, sheetCallMs: 30 },
  slow: { fetchMs: { min: 1_000, max: 2_000 }, sheetCallMs: 60 },
  verySlow: { fetchMs: { min: 2_000, max: 4_000 }, sheetCallMs: 80 },
};

export const DEFAULT_PROFILE: LatencyProfileName = 'typical';
export const DEFAULT_COST_SEED = 1;
/** About 10 µs per cell a range read or write moves, on top of its round trip. */
export const PER_CELL_MS = 0.01;
/** `SpreadsheetApp.flush()` applies every pending change: a few round trips, not one. */
export const FLUSH_ROUND_TRIPS = 4;
/**
 * One-off triggers (`after`, `at`) fire late by up to this much. The reference says only that
 * they run "approximately" then (https://developers.google.com/apps-script/reference/script/clock-trigger-builder#after(Integer));
 * a minute is what a bound script sees on a quiet day.
 */
export const ONE_OFF_TRIGGER_MAX_DELAY_MS = 60_000;

/**
 * How one-off trigger lateness is drawn. `uniform`: from [0, oneOffTriggerMaxDelayMs].
 * `longTail`: most triggers fire within seconds, some a minute or more late, a few minutes
 * late (70% in 0–15 s, 25% in 15–90 s, 5% in 90–300 s; mean about 28 s), the shape people
 * report for busy days. The bench runs both, so a trigger chain is not tuned to one.
 */
export type TriggerLateness = 'uniform' | 'longTail';

/** A long-tailed lateness draw (ms) from one uniform number in [0, 1) and a second one. */
export function longTailLatenessMs(u: number, v: number): number {
  if (u < 0.7) return Math.round(v * 15_000);
  if (u < 0.95) return Math.round(15_000 + v * 75_000);
  return Math.round(90_000 + v * 210_000);
}

/** The runtime's original constant costs. */
export const FIXED_COSTS = { fetchMs: 300, sheetCallMs: 5, executionStartMs: 0 } as const;

export interface FixedCostOptions {
  model: 'fixed';
  /** @default 300 */
  fetchMs?: number;
  /** Every Spreadsheet, Sheet and Range call. @default 5 */
  sheetCallMs?: number;
  /** @default 0 */
  executionStartMs?: number;
}

export interface RealisticCostOptions {
  model?: 'realistic';
  /** @default 'typical' */
  profile?: LatencyProfileName | LatencyProfile;
  /** Seeds the latency, arrival and trigger-delay draws. @default 1 */
  seed?: number;
  /** Every fetch takes exactly this long (the arrival instant is still drawn). */
  fetchMs?: number;
  /** Replaces the profile's round trip to Sheets. */
  sheetCallMs?: number;
  /** @default 0.01 */
  perCellMs?: number;
  /** @default 4 */
  flushRoundTrips?: number;
  /** One-off triggers fire late by a uniform draw from [0, this]. @default 60000 */
  oneOffTriggerMaxDelayMs?: number;
  /** The shape of one-off trigger lateness (see TriggerLateness). @default 'uniform' */
  triggerLateness?: TriggerLateness;
  /** @default 0 */
  executionStartMs?: number;
}

export type CostOptions = FixedCostOptions | RealisticCostOptions;

export interface FetchTiming {
  /** The whole exchange, from sending to the answer. */
  latencyMs: number;
  /** When, after sending, the request reaches the server (0 … latencyMs). */
  arrivalMs: number;
}

/** The resolved model the services draw from. */
export interface CostModel {
  readonly model: 'fixed' | 'realistic';
  /** The profile's name, when a named profile is used. */
  readonly profile?: LatencyProfileName;
  readonly sheetCallMs: number;
  readonly executionStartMs: number;
  /** Extra cost of a flush beyond its own call's round trip. */
  readonly flushExtraMs: number;
  /** Extra cost of a range read or write of `cells` cells beyond its round trip (whole ms). */
  cellsMs(cells: number): number;
  nextFetch(): FetchTiming;
  /** How late the next one-off trigger fires. */
  nextOneOffTriggerDelayMs(): number;
}

function checkMs(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`costs.${name} must be a number of milliseconds >= 0, got ${value}.`);
  return value;
}

function fixedModel(options: FixedCostOptions): CostModel {
  const fetchMs = checkMs('fetchMs', options.fetchMs ?? FIXED_COSTS.fetchMs);
  const sheetCallMs = checkMs('sheetCallMs', options.sheetCallMs ?? FIXED_COSTS.sheetCallMs);
  return {
    model: 'fixed',
    sheetCallMs,
    executionStartMs: checkMs(
      'executionStartMs',
      options.executionStartMs ?? FIXED_COSTS.executionStartMs,
    ),
    flushExtraMs: 0,
    cellsMs: () => 0,
    nextFetch: () => ({ latencyMs: fetchMs, arrivalMs: 0 }),
    nextOneOffTriggerDelayMs: () => 0,
  };
}

function realisticModel(options: RealisticCostOptions): CostModel {
  const named = typeof options.profile === 'string' || options.profile === undefined;
  const profileName = typeof options.profile === 'string' ? options.profile : DEFAULT_PROFILE;
  const profile = named ? LATENCY_PROFILES[profileName] : (options.profile as LatencyProfile);
  if (!profile) {
    throw new Error(
      `costs.profile "${String(options.profile)}" is not a profile: use ${Object.keys(LATENCY_PROFILES).join(', ')}, or { fetchMs: { min, max }, sheetCallMs }.`,
    );
  }
  const { min, max } = profile.fetchMs;
  checkMs('profile.fetchMs.min', min);
  if (!(max >= min))
    throw new Error(`costs.profile.fetchMs: max (${max}) must be >= min (${min}).`);
  const fixedFetch =
    options.fetchMs === undefined ? undefined : checkMs('fetchMs', options.fetchMs);
  const sheetCallMs = checkMs('sheetCallMs', options.sheetCallMs ?? profile.sheetCallMs);
  const perCellMs = checkMs('perCellMs', options.perCellMs ?? PER_CELL_MS);
  const flushRoundTrips = Math.max(
    1,
    checkMs('flushRoundTrips', options.flushRoundTrips ?? FLUSH_ROUND_TRIPS),
  );
  const maxDelay = checkMs(
    'oneOffTriggerMaxDelayMs',
    options.oneOffTriggerMaxDelayMs ?? ONE_OFF_TRIGGER_MAX_DELAY_MS,
  );
  const seed = options.seed ?? DEFAULT_COST_SEED;
  // One stream per kind of draw: an extra sheet call never shifts a fetch's latency.
  const latency = createPrng(seed);
  const arrival = createPrng(seed + 1);
  const delay = createPrng(seed + 2);
  const model: CostModel = {
    model: 'realistic',
    sheetCallMs,
    executionStartMs: checkMs('executionStartMs', options.executionStartMs ?? 0),
    flushExtraMs: Math.round((flushRoundTrips - 1) * sheetCallMs),
    cellsMs: (cells) => Math.round(cells * perCellMs),
    nextFetch: () => {
      const latencyMs = fixedFetch ?? Math.round(min + latency.next() * (max - min));
      return { latencyMs, arrivalMs: Math.round(arrival.next() * latencyMs) };
    },
    nextOneOffTriggerDelayMs: () =>
      options.triggerLateness === 'longTail'
        ? longTailLatenessMs(delay.next(), delay.next())
        : Math.round(delay.next() * maxDelay),
  };
  return named ? { ...model, profile: profileName } : model;
}

export function createCostModel(options: CostOptions = {}): CostModel {
  return options.model === 'fixed' ? fixedModel(options) : realisticModel(options);
}
