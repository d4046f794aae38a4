import { isErrorCell } from '../import/row';

/**
 * The template-sending rules of crm-api-v1.md that can be checked before a request, so a row
 * that would be refused costs none. Each check returns null when the value passes, or the
 * reason in words (what is wrong and how to fix it).
 */

/**
 * Rule 6: empty, or a line break. The official provider also refuses tabs and more than four
 * spaces in a row (its error 132018, which the sandbox reproduces), so those are caught too.
 */
export function variableProblem(value: string): string | null {
  if (value.trim() === '') return 'is empty';
  // A formula's error or a cell still loading would reach the lead's phone as "#N/A".
  if (isErrorCell(value))
    return `shows ${value.trim()}, not a value (fix its formula or type the value)`;
  if (/[\r\n]/.test(value)) return 'has a line break (a variable must be a single line)';
  if (/\t/.test(value)) return 'has a tab character (the provider refuses tabs)';
  if (/ {5,}/.test(value)) return 'has more than four spaces in a row (the provider refuses them)';
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
export function mediaUrlProblem(url: string): string | null {
  const text = url.trim();
  if (text === '') return 'is empty';
  const match = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(text);
  if (!match) return `${JSON.stringify(shorten(text))} is not an http(s) URL`;
  if (/\s/.test(text)) return `${JSON.stringify(shorten(text))} contains spaces`;
  const authority = match[2] ?? '';
  if (authority.includes('@')) {
    return 'carries a login in the URL; the provider needs a public URL without credentials';
  }
  const host = authority.replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
  const notPublic = `is not public (${host || 'no host'}): the provider downloads the file itself, so use a URL anyone can open without login, VPN or IP allowlist`;
  if (host === '' || host === 'localhost') return notPublic;
  if (isPrivateIpv4(host) || isPrivateIpv6(host)) return notPublic;
  if (PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) return notPublic;
  if (!host.includes('.') && !host.startsWith('[')) return notPublic;
  return null;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
