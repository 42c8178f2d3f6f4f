import type { PublicUser } from '@kestrel/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearStorage,
  getLanguage,
  getToken,
  readSession,
  saveLanguage,
  saveMenuList,
  saveSignIn,
  saveUserInfo,
  subscribeSession,
} from './storage';

const user: PublicUser = {
  id: 10001,
  email: 'ann@example.com',
  phone: null,
  nickname: null,
  avatarUrl: null,
  inviteCode: 'ABC123',
  creditScore: 100,
  hasSecurityPassword: false,
  demo: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

afterEach(() => localStorage.clear());

describe('the stored session', () => {
  it('defaults to en-US, no token and empty lists when nothing is stored', () => {
    expect(readSession()).toEqual({
      token: '',
      language: 'en-US',
      userInfo: null,
      menuList: [],
      swiperInfo: [],
      realToken: '',
      realUserInfo: null,
    });
    expect(getLanguage()).toBe('en-US');
  });

  it('keeps token and language under the plain keys as well as in the session object', () => {
    saveSignIn('tok-1', user);
    saveLanguage('ar');
    const session = JSON.parse(localStorage.getItem('session') ?? '{}');
    expect(session).toMatchObject({
      token: 'tok-1',
      language: 'ar',
      userInfo: user,
      menuList: [],
      swiperInfo: [],
    });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('lang')).toBe('ar');
  });

  it('still reads a menu list stored in the older shape (route, data, children only)', () => {
    localStorage.setItem(
      'session',
      JSON.stringify({
        token: 'tok-1',
        language: 'de',
        menuList: [
          {
            route: '/promo',
            data: { template: 'article', slug: 'spring' },
            children: [{ route: '/promo/a' }],
          },
          { route: '/bare' },
          { data: { template: 'article' } },
          'damaged',
        ],
      }),
    );
    expect(readSession()).toMatchObject({ token: 'tok-1', language: 'de' });
    expect(readSession().menuList).toEqual([
      {
        route: '/promo',
        title: '',
        placement: 'none',
        data: { template: 'article', slug: 'spring' },
        children: [{ route: '/promo/a', title: '', placement: 'none', data: {}, children: [] }],
      },
      { route: '/bare', title: '', placement: 'none', data: {}, children: [] },
    ]);
  });

  it('stores the menu list the server sent beside the rest of the session', () => {
    saveSignIn('tok-1', user);
    const menuList = [
      {
        route: '/promo',
        title: 'Spring',
        placement: 'mine',
        data: { template: 'externalLink', url: 'https://example.com' },
        children: [],
      },
    ];
    saveMenuList(menuList);
    expect(readSession().menuList).toEqual(menuList);
    expect(getToken()).toBe('tok-1');
  });

  it('keeps the token when the user info is refreshed', () => {
    saveSignIn('tok-1', user);
    saveUserInfo({ ...user, nickname: 'Ann' });
    expect(getToken()).toBe('tok-1');
    expect(readSession().userInfo?.nickname).toBe('Ann');
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('writes the language to lang even without a token, and no token key', () => {
    saveLanguage('de');
    expect(localStorage.getItem('lang')).toBe('de');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reads the plain keys when there is no session object', () => {
    localStorage.setItem('token', 'legacy');
    localStorage.setItem('lang', 'ja-JP');
    expect(getToken()).toBe('legacy');
    expect(getLanguage()).toBe('ja-JP');
  });

  it('falls back to en-US for an unknown stored language and survives a damaged session', () => {
    localStorage.setItem('session', '{not json');
    localStorage.setItem('lang', 'xx');
    expect(getLanguage()).toBe('en-US');
    expect(getToken()).toBe('');
  });

  it('clears local storage and tells its subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveSignIn('tok-1', user);
    localStorage.setItem('theme', 'light');
    clearStorage();
    unsubscribe();
    expect(localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the swap orders this device created, which open only with their secrets', () => {
    saveSignIn('tok-1', user);
    localStorage.setItem('swapOrders', '[{"id":"0123456789ABCDEF","secret":"s"}]');
    clearStorage();
    expect(getToken()).toBe('');
    expect(localStorage.getItem('swapOrders')).toBe('[{"id":"0123456789ABCDEF","secret":"s"}]');
  });
});
