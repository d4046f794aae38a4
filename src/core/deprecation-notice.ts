import type { ResponseInfo } from '../api';
import { type Translate, translator } from './i18n';

/** The notice in the person's language (a toast they read; the log gets the same words). */
export function noticeMessage(info: ResponseInfo, t: Translate = translator('en')): string | null {
  const { deprecation, sunset, link } = info.headers;
  if (deprecation === undefined && sunset === undefined) return null;
  const route = `${info.method} ${info.endpoint}`;
  const key = sunset ? 'messages.deprecatedSunset' : 'messages.deprecated';
  const notice = t(key, { route, date: sunset ?? '' });
  return link ? `${notice} ${t('messages.deprecatedLink', { link })}` : notice;
}
