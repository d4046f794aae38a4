import type { PHONE_EN } from '../en/phone';

/** Português: por que um telefone foi recusado (células `… Detail` da importação e do envio). */
export const PHONE_PT: Readonly<Record<keyof typeof PHONE_EN, string>> = {
  'phone.notPhone': '{value} não é um telefone',
  'phone.several': '{value} tem mais de um telefone; deixe só um',
  'phone.invalid':
    '{value} não é um telefone válido (país padrão {country}; escreva, por exemplo, +55 11 98765-4321)',
  'phone.br.noAreaCode': '{value} está sem DDD; escreva com o DDD, por exemplo (11) 98765-4321',
  'phone.br.unknownAreaCode': '{value}: {areaCode} não é um DDD do Brasil',
  'phone.br.mobileNine': '{value}: celular com 9 dígitos começa com 9',
  'phone.br.oldMobile':
    '{value}: celular tem 9 dígitos depois do DDD, começando com 9, por exemplo (11) 98765-4321',
  'phone.br.subscriber':
    '{value}: depois do DDD vem um fixo de 8 dígitos começando com 2 a 5 ou um celular de 9 dígitos começando com 9',
} as const;
