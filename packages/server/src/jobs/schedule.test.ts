import { describe, expect, it, vi } from 'vitest';
import { nextEasternTime, scheduleJob } from './schedule';

describe('nextEasternTime', () => {
  it('is 01:30 Eastern the same or the next day, across both DST switches', () => {
    const at = (now: string) => nextEasternTime(new Date(now), 90).toISOString();
    expect(at('2026-01-10T03:00:00Z')).toBe('2026-01-10T06:30:00.000Z');
    expect(at('2026-01-10T06:30:00Z')).toBe('2026-01-11T06:30:00.000Z');
    expect(at('2026-07-04T12:00:00Z')).toBe('2026-07-05T05:30:00.000Z');
    expect(at('2026-03-08T04:00:00Z')).toBe('2026-03-08T06:30:00.000Z');
    expect(at('2026-11-01T04:00:00Z')).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('scheduleJob', () => {
  it('runs at each instant, logs what a run says, and stopping waits for the run in progress', async () => {
    vi.useFakeTimers();
    try {
      const logs: string[] = [];
      let finish: () => void = () => undefined;
      const seen: boolean[] = [];
      const stop = scheduleJob(
        'test job',
        (now) => new Date(now.getTime() + 5000),
        (stopping) =>
          new Promise<string>((resolve) => {
            finish = () => {
              seen.push(stopping());
              resolve('ran');
            };
          }),
        (msg) => logs.push(msg),
      );
      await vi.advanceTimersByTimeAsync(5000);
      finish();
      await vi.advanceTimersByTimeAsync(0);
      expect(logs).toEqual(['ran']);
      await vi.advanceTimersByTimeAsync(5000);
      let stopped = false;
      const stopping = stop().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      finish();
      await stopping;
      expect(seen).toEqual([false, true]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(logs).toEqual(['ran', 'ran']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed run and runs again at the next instant', async () => {
    vi.useFakeTimers();
    try {
      const logs: string[] = [];
      let calls = 0;
      const stop = scheduleJob(
        'test job',
        (now) => new Date(now.getTime() + 1000),
        async () => {
          calls += 1;
          throw new Error('boom');
        },
        (msg) => logs.push(msg),
      );
      await vi.advanceTimersByTimeAsync(2500);
      expect(calls).toBe(2);
      expect(logs[0]).toBe('test job failed: boom');
      await stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
