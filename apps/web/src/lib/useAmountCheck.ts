import { type Locale, textDirection } from '@kestrel/i18n';
import { type AmountLimits, checkAmount, formatQuantity } from '@kestrel/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';

/**
 * The live check under an amount field: what is wrong with the amount as typed so far, in the reader's words,
 * with figures formatted as the rest of the app shows them ("The minimum is 10 USDT"); undefined while nothing
 * is wrong. The server checks the same bounds again.
 */
export function useAmountCheck() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  /** `words.aboveAvailable` replaces the message for more than is available (buying says it the spec's way). */
  return (
    text: string,
    limits: AmountLimits,
    asset: string,
    words: { aboveAvailable?: string } = {},
  ): string | undefined => {
    const problem = checkAmount(text, limits);
    if (!problem) return undefined;
    if (problem.kind === 'aboveAvailable' && words.aboveAvailable) return words.aboveAvailable;
    if (problem.kind === 'invalid') return t('money.errors.amountInvalid');
    if (problem.kind === 'tooManyDecimals') {
      return t('money.errors.tooManyDecimals', { decimals: problem.decimals });
    }
    const amount = amountInText(`${formatQuantity(problem.limit, language)} ${asset}`, language);
    return t(`money.errors.${problem.kind}`, { amount });
  };
}

/** An amount with its asset inside a sentence: isolated left to right in Arabic, so "10 USDT" keeps its order. */
export function amountInText(figure: string, language: Locale): string {
  return textDirection(language) === 'rtl' ? `\u2066${figure}\u2069` : figure;
}
