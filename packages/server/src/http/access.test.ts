import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../test/harness';
import { enforceAccess, PUBLIC } from './access';

describe('declared access', () => {
  it('refuses to start when a route declares no access', async () => {
    const { ctx } = await testEnv();
    const app = Fastify();
    const starting = app.register(async (api) => {
      enforceAccess(api, ctx);
      api.get('/declared', { config: { access: PUBLIC } }, async () => 'ok');
      api.get('/undeclared', async () => 'oops');
    });
    await expect(starting).rejects.toThrow(/GET \/undeclared declares no access/);
  });
});
