import type { ExecutionKind } from './execution';

/**
 * A spreadsheet shared between people: one owner and any number of editors, each with their own
 * user properties, user cache and user lock. An execution runs as a chosen one of them; a custom
 * function, whoever recalculates it, sees the OWNER's user-scoped stores, as Apps Script documents
 * for properties ("getUserProperties() only gets the properties of the spreadsheet owner",
 * https://developers.google.com/apps-script/guides/sheets/functions). That the user cache and
 * user lock follow the properties is not documented; the model assumes they do.
 */
export interface SharingOptions {
  owner: string;
  editors?: string[];
}

export interface Sharing {
  readonly owner: string;
  /** Throws unless `email` is the owner or an editor. */
  checkCollaborator(email: string): void;
  /** Whose user properties, cache and lock an execution of `kind` run by `runner` sees. */
  storesUser(kind: ExecutionKind, runner: string): string;
}

const EMAIL = /^[^@\s]+@[^@\s]+$/;

export function createSharing(options: SharingOptions): Sharing {
  const people = [options.owner, ...(options.editors ?? [])];
  for (const email of people) {
    if (!EMAIL.test(email)) throw new Error(`sharing: "${email}" is not an email address.`);
  }
  return {
    owner: options.owner,
    checkCollaborator(email) {
      if (!people.includes(email)) {
        throw new Error(
          `${email} cannot run anything in this spreadsheet: it is shared with ${people.join(', ')} (sharing option).`,
        );
      }
    },
    storesUser: (kind, runner) => (kind === 'customFunction' ? options.owner : runner),
  };
}
