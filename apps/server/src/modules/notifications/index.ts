/** What other modules may use of e-mail and SMS delivery and its outbox (decision 0040). */
export { AdminOutboxRepository } from './admin-outbox.repository';
export type { DeliveryMode } from './notifier';
export { Notifier } from './notifier';
export { OutboxRepository } from './outbox.repository';
export type { TwilioOptions } from './senders';
export { smtpSender, twilioSender } from './senders';
