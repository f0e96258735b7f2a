import { monitorEventLoopDelay } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/server/domain/errors.js';
import { defaultImagesAtOnce, imageWorkLimit } from '../../src/server/media/work-limit.js';
import { noisyJpeg } from './image-inputs.js';

// A 12-megapixel camera photo's size, with noise so that decoding and encoding are real work.
let photo: Buffer;
beforeAll(async () => {
  photo = await noisyJpeg(4000, 3000);
});

describe('processing pictures a few at a time, off the event loop', () => {
  it('runs at most N at once; the next waits briefly, then it and the rest are told 503 with Retry-After', async () => {
    const limit = imageWorkLimit({ atOnce: 1, waiting: 1, waitMs: 100 });
    const started = performance.now();
    const settledAt: number[] = [];
    const outcomes = await Promise.allSettled(
      [0, 1, 2, 3].map((index) =>
        limit.process(photo, 'post').finally(() => (settledAt[index] = performance.now() - started)),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    for (const outcome of outcomes.slice(1)) {
      const error = (outcome as PromiseRejectedResult).reason as DomainError;
      expect(error).toBeInstanceOf(DomainError);
      expect([error.status, error.kind, error.retryAfterSeconds]).toEqual([503, 'SERVICE_UNAVAILABLE', 1]);
      expect(error.message).toBe('The server is busy processing other pictures. Try again in a moment.');
    }
    // The one in line waited its 100 ms; the two beyond the line were told at once.
    const [done, waited, third, fourth] = settledAt as [number, number, number, number];
    expect(waited).toBeGreaterThanOrEqual(95);
    expect(Math.max(third, fourth)).toBeLessThan(50);
    expect(done).toBeGreaterThan(waited);
    expect(limit.idle()).toBe(true);
    // The slot is free again afterwards.
    await expect(limit.process(photo, 'avatar')).resolves.toMatchObject({ width: 400, height: 400 });
  });

  it('takes, by default, no more slots than cores and leaves one of libuv’s threads free', () => {
    expect(defaultImagesAtOnce(2, 4)).toBe(2);
    expect(defaultImagesAtOnce(16, 4)).toBe(3);
    expect(defaultImagesAtOnce(16, 8)).toBe(7);
    expect(defaultImagesAtOnce(1, 4)).toBe(1);
    expect(defaultImagesAtOnce(4, 1)).toBe(1);
  });

  it('keeps the event loop responsive while two 12-megapixel photos are processed', async () => {
    const limit = imageWorkLimit({ atOnce: 2 });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    delay.enable();
    const started = performance.now();
    const results = await Promise.all([limit.process(photo, 'post'), limit.process(photo, 'post')]);
    const elapsed = performance.now() - started;
    delay.disable();
    clearInterval(ticker);
    expect(results.map((result) => result.large.width)).toEqual([2048, 2048]);
    // Work done on the loop itself would show as one delay as long as the processing; in the thread pool
    // the loop keeps answering timers. Bounds are loose for a busy 2-core machine.
    const p99 = delay.percentile(99) / 1e6;
    expect(elapsed).toBeGreaterThan(200);
    expect(p99).toBeLessThan(Math.min(250, elapsed / 3));
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
  });
});
