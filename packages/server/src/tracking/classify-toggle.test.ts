// The benchmark's switch of the click rules (CLICK_CLASSIFY_BENCH=toggle, bench/classify-cost.ts): each
// SIGUSR2 turns them off or on in the running process.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invalidReasonCode } from '@salesdesk/contract';
import { buildClickPath } from '../test/factories';
import { testConfig, testEnv, type TestEnv } from '../test/harness';
import { Tracking } from './runtime';

let env: TestEnv;
let tracking: Tracking;
const notes: string[] = [];
beforeAll(async () => {
  env = await testEnv();
  const config = testConfig({ CLICK_CLASSIFY_BENCH: 'toggle' });
  tracking = new Tracking({ ...env.ctx, config }, (msg) => notes.push(msg));
  await tracking.start();
});
afterAll(async () => {
  await tracking.close();
});

it('turns the rules off and on again at each SIGUSR2', async () => {
  const p = await buildClickPath(env.ctx);
  const click = (userAgent: string | null) =>
    tracking.record({
      siteId: p.site.id,
      typeId: p.type.id,
      agentId: p.agent.id,
      ip: '10.61.0.1',
      time: new Date(),
      userAgent,
      request: {},
    });
  const reason = async (userAgent: string | null) => ((await click(userAgent)) || undefined)?.invalidReason;
  expect(await reason(null)).toBe(invalidReasonCode('BOT'));
  expect(await reason('Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')).toBe(0);

  process.emit('SIGUSR2');
  expect(notes.at(-1)).toBe('click classification off (CLICK_CLASSIFY_BENCH=toggle)');
  expect(await reason(null)).toBe(0);

  process.emit('SIGUSR2');
  expect(notes.at(-1)).toBe('click classification on (CLICK_CLASSIFY_BENCH=toggle)');
  expect(await reason(null)).toBe(invalidReasonCode('BOT'));
});
