/*
 * How an invitee is shown to their inviter: enough to recognise, not enough to contact. An e-mail keeps its first
 * character and its domain (`a***@example.com`); a phone keeps its country code and last three digits
 * (`+44*******789`).
 */

/** E.164 country codes of one and two digits; every other code has three (the codes are prefix-free). */
const ONE_DIGIT = new Set(['1', '7']);
const TWO_DIGITS = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

function countryCodeOf(digits: string): string {
  if (ONE_DIGIT.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (TWO_DIGITS.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  const code = countryCodeOf(digits);
  const rest = digits.slice(code.length);
  const kept = rest.slice(-3);
  return `+${code}${'*'.repeat(Math.max(rest.length - kept.length, 3))}${kept}`;
}

/** An invitee's account as their inviter sees it. */
export function maskedAccount(user: { email: string | null; phone: string | null }): string {
  if (user.email) return maskEmail(user.email);
  if (user.phone) return maskPhone(user.phone);
  return '***';
}
