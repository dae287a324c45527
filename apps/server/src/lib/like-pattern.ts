/**
 * A LIKE/ILIKE pattern for "contains `text`": `50%_off\` matches literally, because LIKE's
 * wildcards and its escape character are escaped.
 */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
