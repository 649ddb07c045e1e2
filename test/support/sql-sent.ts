/** The SQL of one call a spy on pg's `Client.prototype.query` saw: the text given, or the query config's `text`. */
export const sqlOf = ([query]: unknown[]): string =>
  typeof query === 'string' ? query : String((query as { text?: string } | undefined)?.text);
