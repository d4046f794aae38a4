import type { PlatformQuotaError } from '../../api/platform-error';
import { type Locale, translator } from '../i18n';

/** Apps Script's daily quotas are counted over a day; trying again sooner only spends calls. */
export const DAILY_QUOTA_WAIT_MS = 24 * 60 * 60_000;
/** "Too many times in a short time" and a full store clear within minutes. */
export const BURST_QUOTA_WAIT_MS = 60_000;

export interface PlatformWait {
  /** When the job goes on by itself; undefined when a person must act first (it pauses). */
  until?: number;
  message: string;
}

/** `2026-11-24 13:05 UTC`: job messages are read by people in any zone. */
export function formatUtc(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** How long a job waits for a platform limit, and the message that says so (in `locale`). */
export function platformWait(
  error: PlatformQuotaError,
  now: number,
  locale: Locale = 'en',
): PlatformWait {
  const t = translator(locale);
  const reason = error.message;
  switch (error.platformLimit) {
    case 'daily': {
      const until = now + DAILY_QUOTA_WAIT_MS;
      return { until, message: t('jobs.waitDailyQuota', { reason, time: formatUtc(until) }) };
    }
    case 'burst': {
      const until = now + BURST_QUOTA_WAIT_MS;
      return { until, message: t('jobs.waitBurstQuota', { reason }) };
    }
    case 'storage': {
      const until = now + BURST_QUOTA_WAIT_MS;
      return { until, message: t('jobs.waitStorageFull', { reason }) };
    }
    case 'allowlist':
      return { message: t('jobs.pausedAllowlist', { reason }) };
  }
}
