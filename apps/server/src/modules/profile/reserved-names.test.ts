import { describe, expect, it } from 'vitest';
import { looksReserved } from './reserved-names';

describe('looksReserved', () => {
  it.each([
    ['admin', 'the word itself'],
    ['ADMIN', 'in capitals'],
    ['\u0430dmin', 'with a Cyrillic а'],
    ['ａｄｍｉｎ', 'in full-width letters'],
    ['adrnin', 'with rn for m'],
    ['admín', 'with an accent'],
    ['a.d.m.i.n', 'spelled out with dots'],
    ['\u0455upport', 'support with a Cyrillic ѕ'],
    ['Support Team', 'support as a word'],
    ['KestreI', 'Kestrel with a capital I for the l'],
    ['kestre1', 'Kestrel with a 1 for the l'],
    ['KestrelSupport', 'two reserved names run together'],
    ['Κestrel_official', 'Kestrel with a Greek Κ, then more'],
  ])('refuses %s (%s)', (nickname) => {
    expect(looksReserved(nickname)).toBe(true);
  });

  it.each(['Alice', 'badminton', 'Trader 42', '小明', 'محمد', 'Крестель', 'supper'])(
    'accepts %s',
    (nickname) => {
      expect(looksReserved(nickname)).toBe(false);
    },
  );
});
