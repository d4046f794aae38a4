import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  LEAD_FILTER_NAMES,
  LeadFiltersSchema,
  UpsertLeadInputSchema,
} from '../../../src/api/schemas';
import { lazySchema } from '../../../src/api/schemas/lazy';

describe('lazySchema', () => {
  it('builds nothing until the schema is used, then once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return z.looseObject({ id: z.int() });
    });
    expect(builds).toBe(0);
    expect(z.safeParse(schema, { id: 1, extra: true }).success).toBe(true);
    expect(z.safeParse(schema, { id: 'x' }).success).toBe(false);
    expect(z.safeParse(z.array(schema), [{ id: 2 }]).data).toEqual([{ id: 2 }]);
    expect(builds).toBe(1);
  });

  it('parses, fails and reports issues as the schema it stands for', () => {
    const build = () =>
      z.looseObject({
        id: z.int(),
        name: z.optional(z.string()),
        tags: z.optional(z.array(z.string())),
      });
    const eager = build();
    const lazy = lazySchema(build);
    const inputs: unknown[] = [
      { id: 1 },
      { id: 1, name: 'Ana', tags: ['vip'], other: 3 },
      { id: 1.5 },
      { name: 2 },
      null,
      [],
      { id: 1, tags: [1] },
    ];
    for (const input of inputs) {
      expect(z.safeParse(lazy, input)).toEqual(z.safeParse(eager, input));
      expect(z.safeParse(z.optional(lazy), input)).toEqual(z.safeParse(z.optional(eager), input));
    }
    expect(Object.keys(lazy.shape)).toEqual(Object.keys(eager.shape));
    expect(lazy.parse({ id: 3 })).toEqual({ id: 3 });
  });

  it('keeps a refinement of a schema built from lazy ones (the upsert match key)', () => {
    expect(UpsertLeadInputSchema.safeParse({ name: 'Ana' }).success).toBe(false);
    expect(UpsertLeadInputSchema.safeParse({ email: 'ana@example.com' }).success).toBe(true);
  });
});

describe('LEAD_FILTER_NAMES', () => {
  it("is the lead filter schema's keys, in its order", () => {
    expect([...LEAD_FILTER_NAMES]).toEqual(Object.keys(LeadFiltersSchema.shape));
  });
});
