import type { COMMON_EN } from '../en/common';

/** Português: palavras que toda superfície usa. */
export const COMMON_PT: Readonly<Record<keyof typeof COMMON_EN, string>> = {
  'common.tryAgainLater': 'Tente de novo em um minuto.',
  'common.day': '{day}/{month}/{year}',
};
