import { type FieldErrors, validationError } from './http';

/**
 * Reads a JSON body field by field, Laravel style: every broken rule adds a Portuguese message
 * under the field's name, and `done()` throws one 422 listing them all, so a caller fixes
 * everything in one round trip. Numeric strings pass as numbers, as Laravel's rules allow.
 */
export class BodyReader {
  readonly errors: FieldErrors = {};
  private readonly body: Record<string, unknown>;

  constructor(body: unknown) {
    this.body = isPlainObject(body) ? body : {};
  }

  has(field: string): boolean {
    return this.body[field] !== undefined;
  }

  raw(field: string): unknown {
    return this.body[field];
  }

  /** Present and not null, '' or []: the upsert rule for "sent, non-empty". */
  filled(field: string): boolean {
    return !isBlank(this.body[field]);
  }

  add(field: string, message: string): void {
    const list = this.errors[field] ?? [];
    list.push(message);
    this.errors[field] = list;
  }

  hasErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  done(): void {
    if (this.hasErrors()) throw validationError(this.errors);
  }

  private missing(field: string, required: boolean): boolean {
    if (isBlank(this.body[field])) {
      if (required) this.add(field, `O campo ${field} é obrigatório.`);
      return true;
    }
    return false;
  }

  string(field: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
    if (this.missing(field, opts.required ?? false)) return undefined;
    const value = this.body[field];
    if (typeof value !== 'string') {
      this.add(field, `O campo ${field} deve ser um texto.`);
      return undefined;
    }
    const max = opts.max ?? 255;
    if (value.length > max) {
      this.add(field, `O campo ${field} não pode ter mais de ${max} caracteres.`);
      return undefined;
    }
    return value.trim();
  }

  integer(field: string, opts: { required?: boolean; min?: number } = {}): number | undefined {
    if (this.missing(field, opts.required ?? false)) return undefined;
    const value = toNumber(this.body[field]);
    if (value === undefined || !Number.isInteger(value)) {
      this.add(field, `O campo ${field} deve ser um número inteiro.`);
      return undefined;
    }
    if (opts.min !== undefined && value < opts.min) {
      this.add(field, `O campo ${field} deve ser pelo menos ${opts.min}.`);
      return undefined;
    }
    return value;
  }

  number(field: string, opts: { required?: boolean; min?: number } = {}): number | undefined {
    if (this.missing(field, opts.required ?? false)) return undefined;
    const value = toNumber(this.body[field]);
    if (value === undefined) {
      this.add(field, `O campo ${field} deve ser um número.`);
      return undefined;
    }
    if (opts.min !== undefined && value < opts.min) {
      this.add(field, `O campo ${field} deve ser pelo menos ${opts.min}.`);
      return undefined;
    }
    return value;
  }

  boolean(field: string, opts: { required?: boolean } = {}): boolean | undefined {
    if (this.missing(field, opts.required ?? false)) return undefined;
    const value = toBoolean(this.body[field]);
    if (value === undefined) this.add(field, `O campo ${field} deve ser verdadeiro ou falso.`);
    return value;
  }

  email(field: string, opts: { required?: boolean } = {}): string | undefined {
    const value = this.string(field, opts);
    if (value === undefined) return undefined;
    if (!EMAIL.test(value)) {
      this.add(field, `O campo ${field} deve ser um endereço de e-mail válido.`);
      return undefined;
    }
    return value;
  }

  phone(field: string, opts: { required?: boolean } = {}): string | undefined {
    const value = this.string(field, { ...opts, max: 30 });
    if (value === undefined) return undefined;
    const digits = value.replace(/\D/g, '');
    if (!/^\+?[\d\s().-]+$/.test(value) || digits.length < 8 || digits.length > 15) {
      this.add(
        field,
        `O campo ${field} deve ser um telefone válido (8 a 15 dígitos, de preferência E.164 como +5511987654321).`,
      );
      return undefined;
    }
    return value;
  }

  date(field: string, opts: { required?: boolean } = {}): string | undefined {
    const value = this.string(field, opts);
    if (value === undefined) return undefined;
    const date = toIsoDate(value);
    if (date === undefined) {
      this.add(field, `O campo ${field} deve ser uma data válida no formato AAAA-MM-DD.`);
      return undefined;
    }
    return date;
  }

  url(field: string, opts: { required?: boolean } = {}): string | undefined {
    const value = this.string(field, { ...opts, max: 2048 });
    if (value === undefined) return undefined;
    if (!isHttpUrl(value)) {
      this.add(field, `O campo ${field} deve ser uma URL válida (http ou https).`);
      return undefined;
    }
    return value;
  }

  oneOf<T extends string>(
    field: string,
    allowed: readonly T[],
    opts: { required?: boolean } = {},
  ): T | undefined {
    const value = this.string(field, opts);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      this.add(field, `O valor de ${field} é inválido. Use um destes: ${allowed.join(', ')}.`);
      return undefined;
    }
    return value as T;
  }

  stringArray(
    field: string,
    opts: { required?: boolean; min?: number } = {},
  ): string[] | undefined {
    if (this.missing(field, opts.required ?? false)) return undefined;
    const value = this.body[field];
    if (!Array.isArray(value)) {
      this.add(field, `O campo ${field} deve ser uma lista.`);
      return undefined;
    }
    const min = opts.min ?? 0;
    if (value.length < min) {
      this.add(
        field,
        `O campo ${field} deve ter pelo menos ${min} ${min === 1 ? 'item' : 'itens'}.`,
      );
      return undefined;
    }
    const out: string[] = [];
    value.forEach((item, index) => {
      if (typeof item !== 'string' || item.trim() === '') {
        this.add(`${field}.${index}`, `O campo ${field}.${index} deve ser um texto não vazio.`);
      } else {
        out.push(item.trim());
      }
    });
    return out.length === value.length ? out : undefined;
  }

  object(field: string, opts: { required?: boolean } = {}): Record<string, unknown> | undefined {
    if (this.missing(field, opts.required ?? false)) return undefined;
    const value = this.body[field];
    if (!isPlainObject(value)) {
      this.add(field, `O campo ${field} deve ser um objeto.`);
      return undefined;
    }
    return value;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['true', '1', 'sim', 'yes', 'on'].includes(text)) return true;
    if (['false', '0', 'não', 'nao', 'no', 'off'].includes(text)) return false;
  }
  return undefined;
}

/** 'YYYY-MM-DD' (or an ISO timestamp, cut to its date) when it names a real calendar day. */
export function toIsoDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    value.trim(),
  );
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(m) - 1 ||
    date.getUTCDate() !== Number(d)
  ) {
    return undefined;
  }
  return `${y}-${m}-${d}`;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
