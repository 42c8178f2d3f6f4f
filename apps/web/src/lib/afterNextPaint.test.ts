import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('afterNextPaint', () => {
  it('waits for the next frame, and resolves only after it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    let painted = false;
    const waiting = afterNextPaint().then(() => {
      painted = true;
    });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(painted).toBe(false);

    frames[0]?.(performance.now());
    expect(painted).toBe(false);
    await waiting;
    expect(painted).toBe(true);
  });
});
