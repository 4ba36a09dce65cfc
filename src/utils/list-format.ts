const listFormats = new Map<string, Intl.ListFormat>()

/**
 * `items` as one list in `locale` ('google, x and discord'). Each locale's Intl.ListFormat is made
 * once and kept: the first one of a page costs ~10 ms (the browser loads its locale data), which
 * is why the Connect view makes one when its module loads, at idle, ahead of the click.
 */
export function formatList(items: readonly string[], locale: string): string {
  let format = listFormats.get(locale)
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })
    listFormats.set(locale, format)
  }
  return format.format(items)
}
