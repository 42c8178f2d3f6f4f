/*
 * A page cursor names the last row of a page by its id. Ids only grow, so a page boundary stays put while new
 * entries arrive at the top. It is opaque to clients so that its form may change.
 */
export function encodeCursor(id: bigint): string {
  return Buffer.from(id.toString()).toString('base64url');
}

/** The id a cursor names; undefined for anything this server did not hand out. */
export function decodeCursor(cursor: string): bigint | undefined {
  const text = Buffer.from(cursor, 'base64url').toString();
  return /^\d{1,19}$/.test(text) ? BigInt(text) : undefined;
}
