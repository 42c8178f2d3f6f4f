import nodemailer from 'nodemailer';

export type OutgoingMessage = { to: string; subject?: string; text: string };

/** A provider that delivers e-mail or SMS; SMS providers plug in behind the same interface. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export function smtpSender(smtpUrl: string, from: string): MessageSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
