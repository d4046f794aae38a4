/** English: words every surface uses. */
export const COMMON_EN = {
  'common.tryAgainLater': 'Try again in a minute.',
  /** A day in a sentence (day.ts). */
  'common.day': '{month}/{day}/{year}',
} as const;
