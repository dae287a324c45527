// The app's one cache of Intl.DateTimeFormat: making a formatter costs far more than formatting
// with one, and a calendar month or an admin table formats hundreds of dates in a render.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The shared formatter for `locale` and `options`, made on first use. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
