import { MISSION_AMOUNT_EVENTS, type MissionEvent } from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { formatMoney, formatQuantity } from '@kestrel/money';

/** Whether a task's threshold is a $ amount (deposits, volume, subscriptions) rather than a count. */
export function countsDollars(event: MissionEvent): boolean {
  return MISSION_AMOUNT_EVENTS.includes(event);
}

/** A threshold as the event counts it: "$10,000.00" for an amount, "3" for a count. */
export function thresholdOf(event: MissionEvent, threshold: string, locale: Locale): string {
  return countsDollars(event) ? formatMoney(threshold, locale) : formatQuantity(threshold, locale);
}
