/** English: why a phone cell is refused (import and send `… Detail` cells; the column is added by the caller). */
export const PHONE_EN = {
  'phone.notPhone': '{value} is not a phone number',
  'phone.several': '{value} holds more than one phone number; keep one',
  'phone.invalid':
    '{value} is not a valid phone number (default country {country}; write it as e.g. +55 11 98765-4321)',
  'phone.br.noAreaCode':
    '{value} has no area code (DDD); write it with its DDD, e.g. (11) 98765-4321',
  'phone.br.unknownAreaCode': '{value}: {areaCode} is not a Brazilian area code (DDD)',
  'phone.br.mobileNine': '{value}: a 9-digit mobile number starts with 9',
  'phone.br.oldMobile':
    '{value}: a mobile number has 9 digits after the DDD, starting with 9, e.g. (11) 98765-4321',
  'phone.br.subscriber':
    '{value}: after the DDD comes a landline of 8 digits starting with 2 to 5 or a mobile of 9 digits starting with 9',
} as const;
