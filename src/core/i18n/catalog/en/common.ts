/** English: words every surface uses. */
export const COMMON_EN = {
  'common.tryAgainLater': 'Try again in a minute.',
} as const;
