import net from 'node:net';

/**
 * Tests talk only to servers they start on this machine. Any connection to another host fails
 * loudly here instead of hanging on a closed network or, worse, reaching a real CRM.
 */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;

export class NetworkBlockedError extends Error {
  override name = 'NetworkBlockedError';
}

function targetHost(args: unknown[]): string | undefined {
  const [first, second] = args;
  // net.createConnection passes its normalised arguments as one array.
  if (Array.isArray(first)) return targetHost(first);
  if (first !== null && typeof first === 'object') {
    const options = first as { host?: string; path?: string };
    if (typeof options.path === 'string') return undefined; // a Unix socket or pipe
    return options.host ?? 'localhost';
  }
  if (typeof first === 'number') return typeof second === 'string' ? second : 'localhost';
  return undefined;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = targetHost(args);
  if (host !== undefined && !LOOPBACK.test(host.replace(/^\[|\]$/g, ''))) {
    throw new NetworkBlockedError(
      `Tests may only connect to loopback; this one tried ${host}. Start a local server (the CRM sandbox) instead.`,
    );
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
