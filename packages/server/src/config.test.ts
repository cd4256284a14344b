import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('config', () => {
  it('listens on localhost and builds links on PORT unless told otherwise', () => {
    const c = loadConfig({ PORT: '4123' });
    expect(c.host).toBe('localhost');
    expect(c.publicUrl).toBe('http://localhost:4123');
    const d = loadConfig({ PORT: '4123', HOST: '0.0.0.0', PUBLIC_URL: 'https://t.example/' });
    expect(d.host).toBe('0.0.0.0');
    expect(d.publicUrl).toBe('https://t.example');
  });

  it('refuses the test-only captcha answer in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: 'x' })).toThrow();
  });

  it("refuses the test-only shift of the jobs' clock in production", () => {
    expect(loadConfig({ NODE_ENV: 'test', JOBS_TEST_CLOCK_SHIFT_MS: '-5000' }).jobsClockShiftMs).toBe(-5000);
    expect(loadConfig({}).jobsClockShiftMs).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'production', JOBS_TEST_CLOCK_SHIFT_MS: '1000' })).toThrow(
      /JOBS_TEST_CLOCK_SHIFT_MS is refused/,
    );
  });

  it('refuses the test-only click writer interval in production', () => {
    expect(loadConfig({ CLICK_WRITER_TEST_INTERVAL_MS: '60000' }).clickWriterIntervalMs).toBe(60000);
    expect(loadConfig({}).clickWriterIntervalMs).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', CLICK_WRITER_TEST_INTERVAL_MS: '60000' })).toThrow(
      /CLICK_WRITER_TEST_INTERVAL_MS is refused/,
    );
  });

  it('pools 20 PostgreSQL connections a process unless DATABASE_POOL_MAX says otherwise', () => {
    expect(loadConfig({}).databasePoolMax).toBe(20);
    expect(loadConfig({ DATABASE_POOL_MAX: '8' }).databasePoolMax).toBe(8);
    for (const value of ['1', '0x10', '1.5', 'x'])
      expect(() => loadConfig({ DATABASE_POOL_MAX: value })).toThrow();
  });

  it('leases a webhook delivery for a minute; a shorter test lease (never under the send time) is refused in production', () => {
    expect(loadConfig({}).webhookLeaseS).toBe(60);
    expect(loadConfig({ WEBHOOK_TEST_LEASE_S: '15' }).webhookLeaseS).toBe(15);
    for (const value of ['10', '61', '1e2', '0x10', 'x'])
      expect(() => loadConfig({ WEBHOOK_TEST_LEASE_S: value })).toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOK_TEST_LEASE_S: '15' })).toThrow(
      /WEBHOOK_TEST_LEASE_S is refused/,
    );
  });

  it('refuses the benchmark-only switch of the click rules in production', () => {
    expect(loadConfig({}).classifyClicks).toBe('on');
    expect(loadConfig({ CLICK_CLASSIFY_BENCH: 'toggle' }).classifyClicks).toBe('toggle');
    for (const value of ['off', 'toggle'])
      expect(() => loadConfig({ NODE_ENV: 'production', CLICK_CLASSIFY_BENCH: value })).toThrow(
        new RegExp(`CLICK_CLASSIFY_BENCH=${value} is refused`),
      );
    expect(() => loadConfig({ CLICK_CLASSIFY_BENCH: 'maybe' })).toThrow();
  });

  it('has no metrics unless METRICS_PORT is set (an empty value is unset), on 127.0.0.1 by default', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    const c = loadConfig({ METRICS_PORT: '9464' });
    expect([c.metricsPort, c.metricsHost]).toEqual([9464, '127.0.0.1']);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow();
  });
});
