/**
 * Daily quotas, per user, that the runtime enforces: Properties reads/writes and UrlFetch calls
 * (https://developers.google.com/apps-script/guides/services/quotas: "Quotas are per user and
 * reset 24 hours after the first request"; consumer accounts 50,000 Properties read/write and
 * 20,000 URL Fetch calls a day, Google Workspace 500,000 and 100,000).
 *
 * Going over throws Apps Script's own message, `Service invoked too many times for one day:
 * <service>.`, e.g. "Exception: Service invoked too many times for one day: urlfetch." as users
 * report it (https://github.com/Blacksmoke16/GESI/issues/108); Apps Script names the Properties
 * service `properties` in its quota messages ("Service invoked too many times in a short time:
 * properties.", https://github.com/andrewroberts/TrelloSync/issues/17).
 */
export type QuotaService = 'properties' | 'urlfetch';

export interface DailyQuotas {
  /** Properties reads and writes a day. */
  properties: number;
  /** UrlFetchApp requests a day (each request of a fetchAll counts). */
  urlfetch: number;
}

export const QUOTAS: Readonly<Record<'consumer' | 'workspace', DailyQuotas>> = {
  consumer: { properties: 50_000, urlfetch: 20_000 },
  workspace: { properties: 500_000, urlfetch: 100_000 },
};

const DAY_MS = 86_400_000;

export function quotaMessage(service: QuotaService): string {
  return `Service invoked too many times for one day: ${service}.`;
}

interface UserDay {
  startedAt: number;
  used: Record<QuotaService, number>;
}

export class QuotaLedger {
  private readonly days = new Map<string, UserDay>();

  constructor(readonly limits: DailyQuotas | null) {}

  /** The user's current day, started by their first counted call. */
  private day(userEmail: string, now: number): UserDay {
    let day = this.days.get(userEmail);
    if (!day || now >= day.startedAt + DAY_MS) {
      day = { startedAt: now, used: { properties: 0, urlfetch: 0 } };
      this.days.set(userEmail, day);
    }
    return day;
  }

  /**
   * Counts `n` calls, or returns the quota message when they do not all fit in what is left
   * today (then none is counted: a fetchAll that would go over sends nothing).
   */
  take(userEmail: string, service: QuotaService, n: number, now: number): string | undefined {
    const day = this.day(userEmail, now);
    if (this.limits && day.used[service] + n > this.limits[service]) return quotaMessage(service);
    day.used[service] += n;
    return undefined;
  }

  /** Calls counted today for the user (0 before their first). */
  used(userEmail: string, service: QuotaService, now: number): number {
    const day = this.days.get(userEmail);
    return day && now < day.startedAt + DAY_MS ? day.used[service] : 0;
  }
}
