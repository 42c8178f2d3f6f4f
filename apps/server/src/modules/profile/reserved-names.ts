import unhomoglyph from 'unhomoglyph';

/** Names a user could pass off as the platform or its staff with. */
const RESERVED = ['admin', 'support', 'kestrel'];

/**
 * A string as it looks rather than as it is spelled: compatibility forms folded (NFKC: full-width, ligatures),
 * accents dropped, then each character replaced by its prototype from Unicode's confusables table (UTS #39
 * skeleton, through `unhomoglyph`), in lower case. "Аdmin" with a Cyrillic А, "ａｄｍｉｎ", "adrnin" and "ADMIN"
 * all look like "admin".
 */
function looks(text: string): string[] {
  const folded = text.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '');
  // Both orders: lower case first catches "ADMIN", the table first catches a capital I standing for an l.
  return [unhomoglyph(folded.toLowerCase()).toLowerCase(), unhomoglyph(folded).toLowerCase()];
}

const RESERVED_LOOKS = RESERVED.map((word) => looks(word)[0] ?? word);

/**
 * Whether a nickname is, or starts or ends with, something that looks like a reserved name: as one of its words
 * ("Kestrel Team", "the_support"), or once the spaces and marks between letters are taken out ("a.d.m.i.n",
 * "KestrelSupport"). A name that merely contains one inside a longer word ("badminton") is left alone.
 */
export function looksReserved(nickname: string): boolean {
  return looks(nickname).some((seen) => {
    const words = seen.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const joined = words.join('');
    return RESERVED_LOOKS.some(
      (reserved) => words.includes(reserved) || joined.startsWith(reserved) || joined.endsWith(reserved),
    );
  });
}
