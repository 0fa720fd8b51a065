/**
 * Intl formatters kept per locale and options: building one costs far more than formatting with
 * it (on a throttled phone, Home spent 70 ms building number formats for its balances, three per
 * render), and the app formats the same few ways on every render of every list row.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * How the app's own locales group a whole number, as ICU does: English '1,234'; Spanish leaves
 * four digits alone and groups from five ('1234', '12.345').
 */
const integerGrouping: Record<string, { separator: string; minimumDigits: number }> = {
  en: { separator: ',', minimumDigits: 4 },
  es: { separator: '.', minimumDigits: 5 },
};

/**
 * Pips and other counts, grouped the locale's way ('12,345' / '12.345'). Whole numbers in the
 * app's locales are grouped here: the first Intl.NumberFormat of a page loads the locale's data,
 * 70 ms of a throttled phone's main thread inside Home's first render. Anything else (fractions,
 * other locales, -0) goes through Intl; the unit test checks the two agree.
 */
export function formatNumber(value: number, locale: string): string {
  const grouping = integerGrouping[locale];
  if (grouping && Number.isSafeInteger(value) && !Object.is(value, -0)) {
    const digits = String(Math.abs(value));
    const grouped = digits.length < grouping.minimumDigits ? digits : digits.replace(/\B(?=(\d{3})+$)/g, grouping.separator);
    return value < 0 ? `-${grouped}` : grouped;
  }
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** A DateTimeFormat for a locale and options, built once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
