/** An ILIKE pattern matching text that contains `text`; `%` and `_` typed by an operator are searched for literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
