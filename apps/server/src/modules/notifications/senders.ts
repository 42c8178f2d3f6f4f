import nodemailer from 'nodemailer';
import twilio from 'twilio';

export type OutgoingMessage = { to: string; subject?: string; text: string };

/** A provider that delivers e-mail or SMS. */
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

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** A sending number in E.164 form, or a messaging service (its SID starts with MG). */
  from: string;
  /** Another address for Twilio's REST API (a proxy); Twilio's own when unset. */
  apiUrl?: string;
};

/** Text messages through Twilio's Messages API, with Twilio's own client library. */
export function twilioSender(options: TwilioOptions): MessageSender {
  const client = twilio(options.accountSid, options.authToken, { autoRetry: true, maxRetries: 2 });
  if (options.apiUrl) client.api.baseUrl = options.apiUrl;
  const sender = options.from.startsWith('MG')
    ? { messagingServiceSid: options.from }
    : { from: options.from };
  return {
    async send(message) {
      await client.messages.create({ to: message.to, body: message.text, ...sender });
    },
  };
}
