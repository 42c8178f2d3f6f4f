import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Chain, SwapAmountSide, SwapRateType } from '@kestrel/contract';
import { AppError } from '../../http/app-error';

/**
 * A quote's terms, carried by its id: quoting stores nothing, and placing an order checks the signature
 * (HMAC-SHA256 with the desk's secret) and the expiry. The id is `<terms, base64url JSON>.<signature, base64url>`,
 * well inside the contract's 512 characters of [A-Za-z0-9_.-].
 */
export type QuoteTerms = {
  fromAsset: string;
  fromNetwork: Chain;
  toAsset: string;
  toNetwork: Chain;
  rateType: SwapRateType;
  amountSide: SwapAmountSide;
  sendAmount: string;
  receiveAmount: string;
  rate: string;
  networkFee: string;
  spread: string;
  min: string;
  max: string;
  /** Milliseconds since the Unix epoch. */
  expiresAt: number;
};

const FIELDS = [
  'fromAsset',
  'fromNetwork',
  'toAsset',
  'toNetwork',
  'rateType',
  'amountSide',
  'sendAmount',
  'receiveAmount',
  'rate',
  'networkFee',
  'spread',
  'min',
  'max',
  'expiresAt',
] as const;

/** Signs and reads quote ids with one secret. */
export class QuoteSigner {
  constructor(private readonly secret: string) {}

  sign(terms: QuoteTerms): string {
    // An array in a fixed order: shorter than an object, and the order is the signed text's.
    const body = Buffer.from(JSON.stringify(FIELDS.map((field) => terms[field]))).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The terms of a quote this desk signed; swapQuoteUnknown for anything else, swapQuoteExpired once late. */
  verify(quoteId: string, now = Date.now()): QuoteTerms {
    const [body, signature, extra] = quoteId.split('.');
    if (!body || !signature || extra !== undefined) throw new AppError('swapQuoteUnknown');
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('swapQuoteUnknown');
    }
    let values: unknown;
    try {
      values = JSON.parse(Buffer.from(body, 'base64url').toString());
    } catch {
      throw new AppError('swapQuoteUnknown');
    }
    if (!Array.isArray(values) || values.length !== FIELDS.length) throw new AppError('swapQuoteUnknown');
    const terms = Object.fromEntries(FIELDS.map((field, index) => [field, values[index]])) as QuoteTerms;
    if (typeof terms.expiresAt !== 'number') throw new AppError('swapQuoteUnknown');
    if (now > terms.expiresAt) throw new AppError('swapQuoteExpired');
    return terms;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
