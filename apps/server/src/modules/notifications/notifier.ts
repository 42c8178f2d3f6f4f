import { isPhone } from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { translator } from '../../http/i18n';
import type { OutboxRepository } from './outbox.repository';
import type { MessageSender, OutgoingMessage } from './senders';

/** Sends what the platform tells people, in their language, and records every message in the outbox. */
export class Notifier {
  constructor(
    private readonly outbox: OutboxRepository,
    /** Absent when no provider is configured: the message then goes to the server log and the outbox only. */
    private readonly senders: { email?: MessageSender; sms?: MessageSender },
    private readonly logger: FastifyBaseLogger,
  ) {}

  async sendVerificationCode(account: string, code: string, locale: Locale) {
    const t = translator(locale);
    if (isPhone(account)) {
      await this.deliver('sms', { to: account, text: t('mail.codeSms', { code }) });
    } else {
      await this.deliver('email', {
        to: account,
        subject: t('mail.codeSubject'),
        text: t('mail.codeBody', { code }),
      });
    }
  }

  /**
   * Tells the owner of an account that someone asked to register it again, in place of a code: the code endpoint
   * answers the same either way, so only the mailbox learns that the account exists.
   */
  async sendAccountExists(account: string, locale: Locale) {
    const t = translator(locale);
    if (isPhone(account)) {
      await this.deliver('sms', { to: account, text: t('mail.accountExistsSms') });
    } else {
      await this.deliver('email', {
        to: account,
        subject: t('mail.accountExistsSubject'),
        text: t('mail.accountExistsBody'),
      });
    }
  }

  private async deliver(channel: 'email' | 'sms', message: OutgoingMessage) {
    const id = await this.outbox.insert({
      channel,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
    const sender = this.senders[channel];
    if (!sender) {
      this.logger.info(
        { outboxId: id, channel, ...message },
        'no provider configured: message kept in the outbox',
      );
      return;
    }
    try {
      await sender.send(message);
      await this.outbox.markDelivered(id);
    } catch (error) {
      this.logger.error({ err: error, outboxId: id }, 'message delivery failed');
      await this.outbox.markFailed(id, error instanceof Error ? error.message : String(error));
    }
  }
}
