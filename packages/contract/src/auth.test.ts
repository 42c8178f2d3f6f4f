import { describe, expect, it } from 'vitest';
import { loginBody, normalizeAccount, registerBody, resetBody, sendCodeBody } from './index';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const valid = {
  account: 'ana@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
  code: '012345',
  termsAccepted: true,
};

describe('the account field', () => {
  it.each(['ana@example.com', ' Ana@Example.com ', '+14155550123', '+861380013800'])(
    'accepts %j',
    (account) => {
      expect(loginBody.safeParse({ account, password: 'x' }).success).toBe(true);
    },
  );

  it.each([
    ['', 'validation.contentBlank'],
    ['ana', 'validation.invalidAccount'],
    ['4155550123', 'validation.invalidAccount'],
    ['+0123456789', 'validation.invalidAccount'],
    ['<script>@x.com', 'validation.invalidAccount'],
  ])('refuses %j with %s', (account, message) => {
    expect(firstMessage(loginBody.safeParse({ account, password: 'x' }))).toBe(message);
  });

  it('normalises e-mail to lower case and leaves phone numbers alone', () => {
    expect(normalizeAccount(' Ana@Example.COM ')).toBe('ana@example.com');
    expect(normalizeAccount('+14155550123')).toBe('+14155550123');
  });
});

describe('registerBody', () => {
  it('accepts a complete registration with or without an invitation code', () => {
    expect(registerBody.safeParse(valid).success).toBe(true);
    expect(registerBody.safeParse({ ...valid, inviteCode: 'AB12CD34' }).success).toBe(true);
    expect(registerBody.safeParse({ ...valid, inviteCode: '' }).success).toBe(true);
  });

  it.each([
    [{ termsAccepted: false }, 'validation.termsRequired'],
    [{ termsAccepted: undefined }, 'validation.termsRequired'],
    [{ confirmPassword: 'secret124' }, 'validation.passwordMismatch'],
    [{ password: 'short1', confirmPassword: 'short1' }, 'validation.passwordLength'],
    [{ password: 'lettersonly', confirmPassword: 'lettersonly' }, 'validation.passwordWeak'],
    [{ code: '12345' }, 'validation.codeFormat'],
    [{ code: 'abcdef' }, 'validation.codeFormat'],
    [{ inviteCode: "x' or 1=1" }, 'validation.inviteCodeFormat'],
  ])('refuses %j with %s', (change, message) => {
    expect(firstMessage(registerBody.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('says a missing field is blank', () => {
    const { account: _omitted, ...rest } = valid;
    expect(firstMessage(registerBody.safeParse(rest))).toBe('validation.contentBlank');
  });
});

describe('sendCodeBody and resetBody', () => {
  it('accepts only the two code purposes', () => {
    expect(sendCodeBody.safeParse({ account: 'ana@example.com', purpose: 'reset' }).success).toBe(true);
    expect(firstMessage(sendCodeBody.safeParse({ account: 'ana@example.com', purpose: 'withdraw' }))).toBe(
      'validation.parameterError',
    );
  });

  it('requires matching new passwords', () => {
    const body = { account: 'ana@example.com', code: '123456', password: 'secret123', confirmPassword: 'x' };
    expect(firstMessage(resetBody.safeParse(body))).toBe('validation.passwordMismatch');
  });
});
