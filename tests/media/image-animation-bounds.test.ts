import { describe, expect, it } from 'vitest';
import { ImageRefused } from '../../src/server/media/image-errors.js';
import { processImage } from '../../src/server/media/image-process.js';
import { imageWorkLimit } from '../../src/server/media/work-limit.js';
import { animatedGif, manyFramesGif, noiseGif, noisyJpeg } from './image-inputs.js';

// The work one animation may cost (docs/pictures.md, "What is accepted"): its frames and its pixels over all
// of them, refused from its header before a frame is decoded, and a deadline at which a picture is given up
// and its slot freed, whatever libvips is still doing.

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('processed, not refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ImageRefused);
      return error as ImageRefused;
    },
  );

describe('an animation’s bounds', () => {
  it('refuses a 0.9 MB GIF of 40,000 frames from its header, at once, naming the limit', async () => {
    const gif = manyFramesGif(40_000);
    expect(gif.length).toBeLessThan(1_000_000);
    const started = performance.now();
    const refused = await refusalOf(processImage(gif, 'post'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect([refused.status, refused.reason]).toEqual([400, 'too-many-frames']);
    expect(refused.message).toBe(
      'This animation has too many frames to process. Send one of at most 1,000 frames.',
    );
  });

  it('takes 1,000 frames, animated, and refuses 1,001', async () => {
    await expect(processImage(manyFramesGif(1000), 'post')).resolves.toMatchObject({ animated: true });
    expect((await refusalOf(processImage(manyFramesGif(1001), 'post'))).reason).toBe('too-many-frames');
  });

  it('refuses an animation of more than 12 megapixels in all its frames, under the 40 of a still', async () => {
    // 200 frames of 300 x 300 are 18 megapixels.
    const refused = await refusalOf(processImage(manyFramesGif(200, 300), 'post'));
    expect(refused.reason).toBe('animation-too-large');
    expect(refused.message).toBe(
      'This animation has too many pixels in all its frames to process. Send a shorter or smaller one, of at most 12 megapixels in all.',
    );
    const small = await animatedGif(6);
    expect((await refusalOf(processImage(small, 'post', { maxAnimationPixels: 50_000 }))).reason).toBe(
      'animation-too-large',
    );
  });

  it('gives a picture up at its deadline and frees its slot for the next, while libvips stops on its own', async () => {
    // 4,000 noise frames take the encoder seconds; libvips' own timeout counts whole seconds.
    const slow = await noiseGif(4000, 24);
    const photo = await noisyJpeg(400, 300);
    const limit = imageWorkLimit({ atOnce: 1, timeoutSeconds: 0.3, maxFrames: 5000 });
    const started = performance.now();
    const [refused, next] = await Promise.all([
      refusalOf(limit.process(slow, 'post')).then((error) => [error, performance.now() - started] as const),
      limit.process(photo, 'post').then(() => performance.now() - started),
    ]);
    expect(refused[0].reason).toBe('too-slow');
    expect(refused[1]).toBeLessThan(700);
    expect(next).toBeLessThan(900);
  });
});
