import { afterEach, describe, expect, it } from 'vitest';
import { noteServerTime, resetServerClock, serverOffset } from './serverClock';

afterEach(() => resetServerClock());

describe("the server's clock as this device knows it", () => {
  it('is the closest of the recent estimates: pushed ticks arrive late, never early', () => {
    const received = Date.parse('2026-11-27T12:00:10.000Z');
    // The server is 3 s ahead; pushes take 40 ms, then 400 ms.
    noteServerTime('2026-11-27T12:00:12.960Z', received);
    expect(serverOffset()).toBe(2_960);
    noteServerTime('2026-11-27T12:00:13.600Z', received + 1_000);
    expect(serverOffset()).toBe(2_960);
  });

  it("follows a device clock that is ahead of the server's", () => {
    noteServerTime('2026-11-27T12:00:00.000Z', Date.parse('2026-11-27T12:01:30.050Z'));
    expect(serverOffset()).toBe(-90_050);
  });

  it('ignores a time it cannot read', () => {
    noteServerTime('not a time', 0);
    expect(serverOffset()).toBe(0);
  });
});
