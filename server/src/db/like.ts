/** A LIKE pattern's wildcards and escape character taken literally. */
export const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** A LIKE pattern matching text that contains `s` anywhere, `s` taken literally. */
export const containing = (s: string) => `%${escapeLike(s)}%`;
