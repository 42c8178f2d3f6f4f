import { createServer } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, with its subject and plain text decoded. */
export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string };

/**
 * A real SMTP server on a free loopback port that accepts every message without authentication or TLS and
 * keeps it in `messages`; the message is stored before the server acknowledges it to the sender.
 */
export async function startSmtpServer() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = await simpleParser(raw);
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        messages.push({ to, subject: mail.subject ?? '', text: (mail.text ?? '').trim(), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    /** The newest 6-digit code mailed to `to`, waiting a little for it to arrive. */
    async codeFor(to: string): Promise<string> {
      for (let attempt = 0; attempt < 100; attempt++) {
        const code = messages.findLast((mail) => mail.to.includes(to))?.text.match(/\b\d{6}\b/)?.[0];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no code was mailed to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port that nothing listens on: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port was free');
  return address.port;
}
