import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask';

describe('masking the account on the profile', () => {
  it('keeps the first two letters of an e-mail name and the domain', () => {
    expect(maskEmail('abcdef@mail.com')).toBe('ab***@mail.com');
  });

  it('never shows the whole of a short e-mail name', () => {
    expect(maskEmail('ab@mail.com')).toBe('a***@mail.com');
    expect(maskEmail('a@mail.com')).toBe('a***@mail.com');
  });

  it('keeps the country code, the area and the last three digits of a phone number', () => {
    expect(maskPhone('+14155550123')).toBe('+1415****123');
  });
});
