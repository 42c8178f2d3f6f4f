import { isPhone } from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import { translator } from '../../http/i18n';
import type { OutboxRepository } from './outbox.repository';
import type { MessageSender, OutgoingMessage } from './senders';

/** How a verification code stands in the outbox: operators see that one was sent, never which (decision 0030). */
export const MASKED_CODE = '••••••';

/**
 * `development`: a channel without a provider writes its messages, codes included, to the server log (announced
 * at start-up). `providers`: a channel without a provider refuses, so that the API never says "sent" falsely.
 */
export type DeliveryMode = 'development' | 'providers';

export type Channel = 'email' | 'sms';

/** Sends what the platform tells people, in their language, and records every message in the outbox. */
export class Notifier {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly senders: { email?: MessageSender; sms?: MessageSender },
    private readonly logger: FastifyBaseLogger,
    private readonly mode: DeliveryMode = 'providers',
  ) {}

  async sendVerificationCode(account: string, code: string, locale: Locale) {
    const t = translator(locale);
    const channel = this.channelFor(account);
    const message = (shown: string): OutgoingMessage =>
      channel === 'sms'
        ? { to: account, text: t('mail.codeSms', { code: shown }) }
        : { to: account, subject: t('mail.codeSubject'), text: t('mail.codeBody', { code: shown }) };
    await this.deliver(channel, message(code), message(MASKED_CODE));
  }

  /**
   * Tells the owner of an account that someone asked to register it again, in place of a code: the code endpoint
   * answers the same either way, so only the mailbox learns that the account exists.
   */
  async sendAccountExists(account: string, locale: Locale) {
    const t = translator(locale);
    const channel = this.channelFor(account);
    const message: OutgoingMessage =
      channel === 'sms'
        ? { to: account, text: t('mail.accountExistsSms') }
        : { to: account, subject: t('mail.accountExistsSubject'), text: t('mail.accountExistsBody') };
    await this.deliver(channel, message, message);
  }

  /** Refuses an account no channel can reach, before anything tells whether the account exists. */
  assertCanReach(account: string) {
    this.channelFor(account);
  }

  /** The channel that reaches an account; refused, as for any account, when nothing can deliver on it. */
  private channelFor(account: string): Channel {
    const channel: Channel = isPhone(account) ? 'sms' : 'email';
    if (!this.senders[channel] && this.mode !== 'development') {
      throw new AppError(channel === 'sms' ? 'smsUnavailable' : 'emailUnavailable');
    }
    return channel;
  }

  /** `recorded` is what the outbox keeps: the message with its secrets masked. */
  private async deliver(channel: Channel, message: OutgoingMessage, recorded: OutgoingMessage) {
    const id = await this.outbox.insert({
      channel,
      recipient: recorded.to,
      subject: recorded.subject,
      body: recorded.text,
    });
    const sender = this.senders[channel];
    if (!sender) {
      this.logger.info(
        { outboxId: id, channel, ...message },
        'development delivery: message written to the log, not sent',
      );
      return;
    }
    try {
      await sender.send(message);
      await this.outbox.markDelivered(id);
    } catch (error) {
      this.logger.error({ err: error, outboxId: id, channel }, 'message delivery failed');
      await this.outbox.markFailed(id, error instanceof Error ? error.message : String(error));
    }
  }
}
