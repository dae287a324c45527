/**
 * Bearer secrets that travel in URLs: the cable's `?token=`, and the path tokens of e-mail
 * confirmation, password reset, e-mail change and the calendar feed. Anyone who reads a log line
 * holding one could use it, so request logs carry `[redacted]` in their place.
 */
const SECRET_PATHS =
  /^(\/api\/v1\/(?:user_token|password_resets|users\/email_token)\/)[^/?#]+|^(\/api\/v1\/calendar\/)(?!klasses\b|feed\b)[^/?#]+(\.ics)/;
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;
// Every secret above sits behind one of these words: most URLs skip both replacements.
const MAY_HOLD_SECRET = /token|password_resets|calendar/i;

export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url
    .replace(SECRET_PATHS, (_all, tokenRoute?: string, calendar?: string, ics?: string) =>
      tokenRoute ? `${tokenRoute}[redacted]` : `${calendar}[redacted]${ics}`,
    )
    .replace(SECRET_QUERY, '$1[redacted]');
}
