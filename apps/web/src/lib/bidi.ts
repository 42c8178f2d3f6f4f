import { type Locale, textDirection } from '@kestrel/i18n';

/**
 * A figure, date or countdown set inside a sentence of a right-to-left language, isolated so it keeps its own
 * order and does not reorder the words around it. First-strong isolation: an Arabic date or a "$" amount the
 * locale wrote right to left stays right to left, a bare "04:59" left to right.
 */
export function isolate(text: string, language: Locale): string {
  return textDirection(language) === 'rtl' ? `\u2068${text}\u2069` : text;
}
