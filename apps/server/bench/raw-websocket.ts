/**
 * The bench's WebSocket clients (bench:ws, bench:cluster): thousands of them in a child process, so each must cost
 * as little CPU as possible for the measurement to be about the server.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/**
 * A bare WebSocket client: the handshake by hand and a frame reader that only finds each message's bounds, so
 * that the 5,000 clients cost as little CPU as possible and the measurement is about the server.
 */
export async function openRawWebSocket(url: string): Promise<Socket> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.setNoDelay(true);
  await once(socket, 'connect');
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let head = Buffer.alloc(0);
  for (;;) {
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) continue;
    if (!head.toString('latin1', 0, 12).includes('101')) throw new Error(head.toString('latin1', 0, end));
    const rest = head.subarray(end + 4);
    if (rest.length > 0) socket.unshift(rest);
    return socket;
  }
}

/** Splits the server's (unmasked) frames; text frames go to `onMessage`, or to `next()` until one is set. */
export function frameReader(socket: Socket) {
  let pending: Buffer | undefined;
  const early: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  const reader = {
    onMessage: undefined as ((data: Buffer, start: number, end: number) => void) | undefined,
    next: () =>
      new Promise<string>((resolve) => {
        const text = early.shift();
        if (text !== undefined) resolve(text);
        else waiting.push(resolve);
      }),
  };
  socket.on('data', (chunk: Buffer) => {
    const data = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = undefined;
    let offset = 0;
    while (offset + 2 <= data.length) {
      const opcode = (data[offset] as number) & 0x0f;
      let length = (data[offset + 1] as number) & 0x7f;
      let header = 2;
      if (length === 126) {
        if (offset + 4 > data.length) break;
        length = data.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        if (offset + 10 > data.length) break;
        length = Number(data.readBigUInt64BE(offset + 2));
        header = 10;
      }
      const start = offset + header;
      const end = start + length;
      if (end > data.length) break;
      if (opcode === 0x1) {
        if (reader.onMessage) reader.onMessage(data, start, end);
        else {
          const text = data.toString('utf8', start, end);
          const waiter = waiting.shift();
          if (waiter) waiter(text);
          else early.push(text);
        }
      } else if (opcode === 0x9) {
        socket.write(maskedFrame(0xa, data.subarray(start, end)));
      } else if (opcode === 0x8) {
        socket.end();
      }
      offset = end;
    }
    if (offset < data.length) pending = data.subarray(offset);
  });
  return reader;
}

export function maskedTextFrame(text: string) {
  return maskedFrame(0x1, Buffer.from(text));
}

/** A client frame (clients must mask); small payloads only. */
function maskedFrame(opcode: number, payload: Buffer) {
  if (payload.length > 125) throw new Error('frame too long for this client');
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let index = 0; index < payload.length; index += 1) {
    frame[6 + index] = (payload[index] as number) ^ (mask[index % 4] as number);
  }
  return frame;
}
