/** ab***@mail.com: the first two characters of the name, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const name = Array.from(email.slice(0, at));
  return `${name.slice(0, Math.min(2, name.length - 1 || 1)).join('')}***${email.slice(at)}`;
}

/** +1415****123: the first five and the last three characters kept. */
export function maskPhone(phone: string): string {
  if (phone.length <= 8) return `${phone.slice(0, 2)}****${phone.slice(-2)}`;
  return `${phone.slice(0, 5)}****${phone.slice(-3)}`;
}
