/** A QR code's module matrix: rows of modules, `true` for a dark one (uqr's `encode().data`). */
export type QrModules = readonly (readonly boolean[])[]

/** A square of modules, the same range on both axes: from `start` (included) to `end` (excluded). */
export interface QrArea {
  start: number
  end: number
}

export interface QrPathOptions {
  /** Added to every coordinate, in modules: the quiet zone left around the code. Default 0. */
  offset?: number
  /** A square of modules drawn light whatever their value: the space for a center logo. */
  clear?: QrArea
}

/**
 * The SVG path data (`d`) that draws a QR code's dark modules, one module per user unit. Each run
 * of dark modules in a row is one closed rectangle (`M x y h width v 1 h -width z`), so a code is
 * a few hundred short subpaths instead of thousands of squares.
 */
export function qrPath(modules: QrModules, { offset = 0, clear }: QrPathOptions = {}): string {
  const cleared = (x: number, y: number) =>
    clear !== undefined && x >= clear.start && x < clear.end && y >= clear.start && y < clear.end
  let d = ''
  modules.forEach((row, y) => {
    const isDark = (x: number) => row[x] === true && !cleared(x, y)
    for (let x = 0; x < row.length; x++) {
      if (!isDark(x)) continue
      const start = x
      while (isDark(x + 1)) x++
      const width = x + 1 - start
      d += `M${start + offset} ${y + offset}h${width}v1h-${width}z`
    }
  })
  return d
}

/**
 * The centered square of a `size`-module code to clear for a logo: about `fraction` of its side,
 * with the same parity as `size` so that it sits exactly in the middle.
 */
export function centerArea(size: number, fraction: number): QrArea {
  let side = Math.min(size, Math.max(1, Math.round(size * fraction)))
  if ((size - side) % 2 !== 0) side += 1
  const start = (size - side) / 2
  return { start, end: start + side }
}
