import type { Locale } from '@kestrel/i18n';

/**
 * The text-search configuration of each language PostgreSQL (and PGlite) has a dictionary for; the migration's
 * generated `search` column uses the same map. Other languages are searched by substring (SUBSTRING_LOCALES) or,
 * for the rest, with 'simple'.
 */
export const SEARCH_CONFIGS: Partial<Record<Locale, string>> = {
  'en-US': 'english',
  de: 'german',
  es: 'spanish',
  fr: 'french',
  pt: 'portuguese',
  ru: 'russian',
  tr: 'turkish',
  id: 'indonesian',
  ar: 'arabic',
};

/** Written without spaces between words (or, for Vietnamese, in syllables a dictionary cannot stem). */
export const SUBSTRING_LOCALES: ReadonlySet<Locale> = new Set([
  'zh-CN',
  'zh-TC',
  'ja-JP',
  'ko',
  'th-TH',
  'vn',
]);

export function searchConfigOf(locale: Locale): string {
  return SEARCH_CONFIGS[locale] ?? 'simple';
}

/** Marks ts_headline puts around matched words; taken out again by `toSnippet`. */
export const MARK_START = '\u27e6';
export const MARK_END = '\u27e7';

/** Markdown as the plain text a reader would read: no headings' hashes, emphasis, link targets or code fences. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const EXCERPT_LENGTH = 160;

/** The first words of an article, for lists. */
export function excerptOf(markdown: string): string {
  const text = plainText(markdown);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.lastIndexOf(' ', EXCERPT_LENGTH);
  return `${text.slice(0, cut > EXCERPT_LENGTH / 2 ? cut : EXCERPT_LENGTH)}…`;
}

export type Snippet = { snippet: string; highlights: [number, number][] };

/** Plain text from a headline with marks, and where the marks were, as [start, end) offsets. */
export function toSnippet(marked: string): Snippet {
  const text = plainText(marked);
  const highlights: [number, number][] = [];
  let snippet = '';
  let start = -1;
  for (const char of text) {
    if (char === MARK_START) start = snippet.length;
    else if (char === MARK_END) {
      if (start >= 0 && snippet.length > start) highlights.push([start, snippet.length]);
      start = -1;
    } else snippet += char;
  }
  return { snippet, highlights };
}

const SNIPPET_RADIUS = 70;

/** For languages searched by substring: the text around the first match, with every match in it marked. */
export function substringSnippet(markdown: string, query: string): Snippet {
  const text = plainText(markdown);
  const lower = text.toLocaleLowerCase();
  const needle = query.toLocaleLowerCase();
  const first = lower.indexOf(needle);
  if (first < 0) return { snippet: excerptOf(markdown), highlights: [] };
  const from = Math.max(0, first - SNIPPET_RADIUS);
  const to = Math.min(text.length, first + needle.length + SNIPPET_RADIUS);
  const prefix = from > 0 ? '…' : '';
  const snippet = `${prefix}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
  const highlights: [number, number][] = [];
  for (
    let at = lower.indexOf(needle, from);
    at >= 0 && at + needle.length <= to;
    at = lower.indexOf(needle, at + needle.length)
  ) {
    highlights.push([at - from + prefix.length, at - from + prefix.length + needle.length]);
  }
  return { snippet, highlights };
}
