import { isErrorCell } from '../cells/read';

/**
 * The template-sending rules of crm-api-v1.md that can be checked before a request, so a row
 * that would be refused costs none. Each check returns null when the value passes, or the
 * reason in words (what is wrong and how to fix it).
 */

import { type Translate, translator } from '../i18n';

const ENGLISH = translator('en');

/**
 * Rule 6: empty, or a line break. The official provider also refuses tabs and more than four
 * spaces in a row (its error 132018, which the sandbox reproduces), so those are caught too.
 */
export function variableProblem(value: string, t: Translate = ENGLISH): string | null {
  if (value.trim() === '') return t('send.rule.empty');
  // A formula's error or a cell still loading would reach the lead's phone as "#N/A".
  if (isErrorCell(value)) return t('send.rule.errorCell', { value: value.trim() });
  if (/[\r\n]/.test(value)) return t('send.rule.lineBreak');
  if (/\t/.test(value)) return t('send.rule.tab');
  if (/ {5,}/.test(value)) return t('send.rule.spaces');
  return null;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Private, loopback, link-local, CGNAT, unspecified and reserved IPv4 ranges. */
function isPrivateIpv4(host: string): boolean {
  const match = IPV4.exec(host);
  if (!match) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

function isPrivateIpv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!h.includes(':')) return false;
  return (
    h === '::1' ||
    h === '::' ||
    h.startsWith('fc') ||
    h.startsWith('fd') ||
    h.startsWith('fe80') ||
    h.startsWith('::ffff:')
  );
}

const PRIVATE_SUFFIXES = [
  '.local',
  '.localhost',
  '.internal',
  '.lan',
  '.home',
  '.corp',
  '.intranet',
];

/**
 * Rule 3: the provider downloads the file itself, so the URL must be http(s) and public. Hosts
 * only reachable inside a network (localhost, private IP ranges, `.local`…), credentials in
 * the URL (a login) and hosts without a dot are refused.
 */
export function mediaUrlProblem(url: string, t: Translate = ENGLISH): string | null {
  const text = url.trim();
  if (text === '') return t('send.rule.empty');
  const match = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(text);
  if (!match) return t('send.rule.notUrl', { value: JSON.stringify(shorten(text)) });
  if (/\s/.test(text)) return t('send.rule.urlSpaces', { value: JSON.stringify(shorten(text)) });
  const authority = match[2] ?? '';
  if (authority.includes('@')) return t('send.rule.credentials');
  const host = authority.replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
  const notPublic = t('send.rule.notPublic', { host: host || t('send.rule.noHost') });
  if (host === '' || host === 'localhost') return notPublic;
  if (isPrivateIpv4(host) || isPrivateIpv6(host)) return notPublic;
  if (PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) return notPublic;
  if (!host.includes('.') && !host.startsWith('[')) return notPublic;
  return null;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
