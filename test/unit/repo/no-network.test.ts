import http from 'node:http';
import { describe, expect, it } from 'vitest';

describe('the test network guard (test/setup/no-network.ts)', () => {
  it('refuses a connection to a host that is not loopback', async () => {
    await expect(fetch('http://crm.example.com/api/v1/account')).rejects.toThrow();
    // The agent may throw at once or report on the request, depending on where it connects.
    const error = await new Promise<Error>((resolve) => {
      try {
        http.get('http://203.0.113.7/').on('error', resolve);
      } catch (thrown) {
        resolve(thrown as Error);
      }
    });
    expect(error.message).toMatch(
      /Tests may only connect to loopback; this one tried 203\.0\.113\.7/,
    );
  });

  it('lets a test reach a server it started on this machine', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    } finally {
      server.close();
    }
  });
});
