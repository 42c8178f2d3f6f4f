/**
 * Resolves once the browser has painted the next frame (a task queued from a frame callback runs after that
 * frame's paint): for code the first paint does not need and should not share the network with.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    window.requestAnimationFrame(() => window.setTimeout(resolve, 0));
  });
}
