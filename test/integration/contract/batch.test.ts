import { describe, expect, it } from 'vitest';
import { NotFoundError, RateLimitError } from '../../../src/api';
import { useContractServer } from './server';

const sandbox = useContractServer({ CRM_SANDBOX_RATE_LIMIT: '5' });

describe('client.all over HTTP (the sync transport sends a batch in parallel)', () => {
  it('settles each request of a batch on its own: values, 404s and 429s side by side', () => {
    const client = sandbox.server.client();
    const settled = client.all([1, 2, 999_999, 3, 4, 5].map((id) => (c) => c.leads.get(id)));
    const kinds = settled.map((s) => {
      if (s.ok) return 'lead';
      if (s.error instanceof NotFoundError) return 'not found';
      if (s.error instanceof RateLimitError) return '429';
      return String(s.error);
    });
    // A limit of 5 a minute: five requests are answered, the sixth is refused on its own.
    expect(kinds.filter((k) => k === '429')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'not found')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'lead')).toHaveLength(4);
    const limited = settled.find((s) => !s.ok && s.error instanceof RateLimitError);
    expect(
      limited && !limited.ok && (limited.error as RateLimitError).retryAfterSeconds,
    ).toBeGreaterThan(0);
  });

  it('upserts in one batch as one by one would', () => {
    const client = sandbox.server.client();
    const emails = ['lote1@exemplo.com.br', 'lote2@exemplo.com.br'];
    const settled = client.all(
      emails.map(
        (email, i) => (c) => c.leads.upsert({ name: `Lote ${i}`, email, match_by: 'email' }),
      ),
    );
    expect(settled.map((s) => (s.ok ? s.value.created : String(s.error)))).toEqual([true, true]);
    const ids = settled.map((s) => (s.ok ? s.value.lead.id : 0));
    expect(client.leads.get(ids[0] ?? 0).email).toBe(emails[0]);
    expect(client.leads.get(ids[1] ?? 0).email).toBe(emails[1]);
  });
});
