import { beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildOffice, login } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

function multipartBody(data: Buffer, filename: string, type: string) {
  const boundary = '----salesdesk-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('files/image', () => {
  it('stores an image an office uploads and serves it back', async () => {
    const token = await login(env.app, (await buildOffice(env.ctx)).username);
    const { body, headers } = multipartBody(PNG, 'a.png', 'image/png');
    const res = await call<{ url: string }>(env.app, 'POST', 'files/image', { token, body, headers });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/api\/files\/[\w-]+\.png$/);
    const got = await env.app.inject({ method: 'GET', url: res.body.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const token = await login(env.app, (await buildOffice(env.ctx)).username);
    const { body, headers } = multipartBody(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    const res = await call<{ code: string }>(env.app, 'POST', 'files/image', { token, body, headers });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('is refused to agents and anonymous callers; unknown names are not found', async () => {
    const token = await login(env.app, (await buildAgent(env.ctx)).username);
    const { body, headers } = multipartBody(PNG, 'a.png', 'image/png');
    expect((await call(env.app, 'POST', 'files/image', { token, body, headers })).status).toBe(403);
    expect((await call(env.app, 'POST', 'files/image', { body, headers })).status).toBe(401);
    expect((await call(env.app, 'GET', 'files/..%2F..%2Fsecret.key')).status).toBe(404);
  });
});
