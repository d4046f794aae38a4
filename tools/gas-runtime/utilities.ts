import { createHash, createHmac, randomUUID } from 'node:crypto';
import { formatSimpleDate } from './date-format';
import { type ExecutionEnv, gated, type LogEntry } from './execution';
import { parseCsv } from './workbook-io';

/**
 * Utilities, Session, Logger and console. Byte arrays are what Apps Script gives:
 * arrays of signed 8-bit integers, as Java bytes
 * (https://developers.google.com/apps-script/reference/utilities/utilities#computeDigest(DigestAlgorithm,String)).
 */
export const MAX_SLEEP_MS = 300_000;

const DIGESTS: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};
const MACS: Record<string, string> = {
  HMAC_MD5: 'md5',
  HMAC_SHA_1: 'sha1',
  HMAC_SHA_256: 'sha256',
  HMAC_SHA_384: 'sha384',
  HMAC_SHA_512: 'sha512',
};

export function toSignedBytes(buffer: Uint8Array): number[] {
  return Array.from(buffer, (b) => (b > 127 ? b - 256 : b));
}

function isByteArray(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.every((b) => typeof b === 'number' && Number.isInteger(b) && b >= -128 && b <= 255)
  );
}

/** Formats like Logger.log / console.log: %s %d %i %f %j %o placeholders, then the rest joined. */
export function formatLogMessage(args: unknown[]): string {
  const show = (v: unknown): string => {
    if (typeof v === 'string') return v;
    if (Object.prototype.toString.call(v) === '[object Date]') return String(v);
    if (typeof v === 'object' && v !== null) {
      try {
        return JSON.stringify(v);
      } catch {
        return String(v);
      }
    }
    return String(v);
  };
  if (args.length === 0) return '';
  const [first, ...rest] = args;
  if (typeof first !== 'string' || !/%[sdifjo%]/.test(first)) return args.map(show).join(' ');
  let i = 0;
  const text = first.replace(/%([sdifjo%])/g, (match, kind) => {
    if (kind === '%') return '%';
    if (i >= rest.length) return match;
    const v = rest[i++];
    if (kind === 'd' || kind === 'i') return String(Math.trunc(Number(v)));
    if (kind === 'f') return String(Number(v));
    return show(v);
  });
  return [text, ...rest.slice(i).map(show)].join(' ');
}

const blobBytes = new WeakMap<
  object,
  { bytes: Buffer; contentType: string | null; name: string | null }
>();

/** A Blob's bytes and content type, for UrlFetchApp payloads; undefined for anything else. */
export function readBlob(
  value: unknown,
): { bytes: Buffer; contentType: string | null } | undefined {
  return typeof value === 'object' && value !== null ? blobBytes.get(value) : undefined;
}

export interface UtilitiesHost {
  scriptTimeZone: string;
}

export function createUtilities(env: ExecutionEnv, host: UtilitiesHost): unknown {
  const { realm } = env;
  const bytesOf = (value: unknown, charset?: unknown): Buffer => {
    if (typeof value === 'string')
      return Buffer.from(value, charset === 'US_ASCII' ? 'latin1' : 'utf8');
    if (isByteArray(value)) return Buffer.from(value.map((b) => b & 0xff));
    const blob = blobBytes.get(value as object);
    if (blob) return blob.bytes;
    return env.fail('Invalid argument: expected a string, a byte array or a Blob.');
  };
  const bytes = (buffer: Uint8Array) => realm.array(toSignedBytes(buffer));

  const blobObject = (state: {
    bytes: Buffer;
    contentType: string | null;
    name: string | null;
  }): unknown => {
    const blob = gated(env, 'Blob', 'Utilities', 0, {
      getBytes: () => bytes(state.bytes),
      getDataAsString: (charset?: unknown) =>
        state.bytes.toString(charset === 'US_ASCII' ? 'latin1' : 'utf8'),
      getContentType: () => state.contentType,
      setContentType: (type: unknown) => {
        state.contentType = type === null ? null : String(type);
        return blob;
      },
      getName: () => state.name,
      setName: (name: unknown) => {
        state.name = String(name);
        return blob;
      },
      setDataFromString: (text: unknown) => {
        state.bytes = Buffer.from(String(text), 'utf8');
        return blob;
      },
      copyBlob: () => blobObject({ ...state, bytes: Buffer.from(state.bytes) }),
      isGoogleType: () => false,
    });
    blobBytes.set(blob, state);
    return blob;
  };

  return gated(env, 'Utilities', 'Utilities', 0, {
    DigestAlgorithm: Object.fromEntries(Object.keys(DIGESTS).map((k) => [k, k])),
    MacAlgorithm: Object.fromEntries(Object.keys(MACS).map((k) => [k, k])),
    Charset: { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' },
    sleep: (ms: unknown) => {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
        env.fail(`Invalid argument: milliseconds (${String(ms)})`);
      if ((ms as number) > MAX_SLEEP_MS)
        env.fail(
          `Utilities.sleep(${String(ms)}): the maximum is ${MAX_SLEEP_MS} milliseconds (5 minutes).`,
        );
      env.clock.advance(ms as number);
    },
    formatDate: (date: unknown, timeZone: unknown, format: unknown) => {
      if (
        Object.prototype.toString.call(date) !== '[object Date]' ||
        typeof timeZone !== 'string' ||
        typeof format !== 'string'
      ) {
        env.fail(
          "The parameters don't match the method signature for Utilities.formatDate: pass (Date, timeZone string, format string).",
        );
      }
      try {
        return formatSimpleDate((date as Date).getTime(), timeZone as string, format as string);
      } catch (error) {
        return env.fail(`Invalid argument: ${(error as Error).message}`);
      }
    },
    formatString: (template: unknown, ...args: unknown[]) =>
      formatLogMessage([String(template), ...args]),
    getUuid: () => randomUUID(),
    computeDigest: (algorithm: unknown, value: unknown, charset?: unknown) => {
      const name = DIGESTS[String(algorithm)];
      if (!name)
        env.fail(
          `Unsupported digest algorithm ${String(algorithm)}: use Utilities.DigestAlgorithm.`,
        );
      return bytes(
        createHash(name as string)
          .update(bytesOf(value, charset))
          .digest(),
      );
    },
    computeHmacSignature: (algorithm: unknown, value: unknown, key: unknown, charset?: unknown) => {
      const name = MACS[String(algorithm)];
      if (!name)
        env.fail(`Unsupported MAC algorithm ${String(algorithm)}: use Utilities.MacAlgorithm.`);
      return bytes(
        createHmac(name as string, bytesOf(key, charset))
          .update(bytesOf(value, charset))
          .digest(),
      );
    },
    computeHmacSha256Signature: (value: unknown, key: unknown, charset?: unknown) =>
      bytes(createHmac('sha256', bytesOf(key, charset)).update(bytesOf(value, charset)).digest()),
    base64Encode: (data: unknown, charset?: unknown) => bytesOf(data, charset).toString('base64'),
    base64EncodeWebSafe: (data: unknown, charset?: unknown) =>
      bytesOf(data, charset).toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
    base64Decode: (encoded: unknown) => {
      if (
        typeof encoded !== 'string' ||
        !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded.replace(/\s/g, ''))
      ) {
        env.fail('Could not decode string: it is not valid base64.');
      }
      return bytes(Buffer.from(encoded as string, 'base64'));
    },
    base64DecodeWebSafe: (encoded: unknown) =>
      bytes(Buffer.from(String(encoded).replace(/-/g, '+').replace(/_/g, '/'), 'base64')),
    newBlob: (data: unknown, contentType?: unknown, name?: unknown) =>
      blobObject({
        bytes: bytesOf(data ?? ''),
        contentType: contentType === undefined ? null : String(contentType),
        name: name === undefined ? null : String(name),
      }),
    parseCsv: (csv: unknown, delimiter?: unknown) => {
      try {
        return realm.toRealm(
          parseCsv(String(csv), delimiter === undefined ? ',' : String(delimiter)),
        );
      } catch (error) {
        return env.fail((error as Error).message);
      }
    },
    jsonParse: (text: unknown) => realm.toRealm(JSON.parse(String(text))),
    jsonStringify: (value: unknown) => JSON.stringify(realm.toHost(value)),
    getScriptTimeZone: () => host.scriptTimeZone,
  });
}

export interface SessionHost {
  userEmail: string;
  effectiveUserEmail: string;
  scriptTimeZone: string;
  locale: string;
}

export function createSession(env: ExecutionEnv, host: SessionHost): unknown {
  const user = (email: string) =>
    gated(env, 'User', 'Session', 0, {
      getEmail: () => email,
      toString: () => email,
    });
  return gated(env, 'Session', 'Session', 0, {
    getActiveUser: () => user(env.exec.kind === 'customFunction' ? '' : host.userEmail),
    getEffectiveUser: () => user(host.effectiveUserEmail),
    getScriptTimeZone: () => host.scriptTimeZone,
    getActiveUserLocale: () => host.locale,
    getTemporaryActiveUserKey: () =>
      createHash('sha256').update(`temporary-key:${host.userEmail}`).digest('base64').slice(0, 43),
  });
}

export function createLogger(
  env: ExecutionEnv,
  logs: LogEntry[],
): { Logger: unknown; console: unknown } {
  const add = (level: LogEntry['level'], args: unknown[]) => {
    logs.push({
      level,
      message: formatLogMessage(args.map((a) => env.realm.toHost(a) ?? a)),
      time: env.clock.now(),
    });
  };
  const timers = new Map<string, number>();
  const Logger = gated(env, 'Logger', 'Logger', 0, {
    log: (...args: unknown[]) => {
      add('Logger', args);
      return Logger;
    },
    getLog: () =>
      logs
        .filter((l) => l.level === 'Logger')
        .map((l) => `${new Date(l.time).toISOString()} INFO: ${l.message}`)
        .join('\n'),
    clear: () => {
      for (let i = logs.length - 1; i >= 0; i--) if (logs[i]?.level === 'Logger') logs.splice(i, 1);
    },
  });
  const console = gated(env, 'console', 'console', 0, {
    log: (...args: unknown[]) => add('log', args),
    info: (...args: unknown[]) => add('info', args),
    warn: (...args: unknown[]) => add('warn', args),
    error: (...args: unknown[]) => add('error', args),
    debug: (...args: unknown[]) => add('debug', args),
    time: (label = 'default') => {
      timers.set(String(label), env.clock.now());
    },
    timeEnd: (label = 'default') => {
      const start = timers.get(String(label));
      if (start !== undefined) add('log', [`${String(label)}: ${env.clock.now() - start}ms`]);
      timers.delete(String(label));
    },
  });
  return { Logger, console };
}
