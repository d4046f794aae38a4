/**
 * Fixed window per key, opened by the key's first request (Laravel's throttle): at most
 * `limit` requests until the window closes; refused requests are not counted.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window closes (>= 1 when refused). */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    public limit: number,
    readonly windowMs = 60_000,
  ) {}

  hit(key: string, now: number): RateDecision {
    let window = this.windows.get(key);
    if (!window || now >= window.startedAt + this.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((window.startedAt + this.windowMs - now) / 1000),
    );
    if (window.count >= this.limit) {
      return { allowed: false, limit: this.limit, remaining: 0, retryAfterSeconds };
    }
    window.count += 1;
    return {
      allowed: true,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      retryAfterSeconds,
    };
  }

  reset(): void {
    this.windows.clear();
  }
}
