import type { VariantFormat } from './encode-job';
import { WIDEST_SHOWN } from './image-processor';
import type { MediaVariantInfo } from './persistence/media.repository';

/**
 * The widths a picture is sent at in `format`, narrowest first: none wider than a page shows
 * (WIDEST_SHOWN), unless that is all it has (a fallback processed before it had narrower sizes).
 */
export function shownWidths(variants: readonly Pick<MediaVariantInfo, 'name' | 'width'>[], format: VariantFormat): number[] {
  const widths = [...new Set(variants.filter(({ name }) => name.endsWith(`.${format}`)).map(({ width }) => width))].sort((a, b) => a - b);
  const shown = widths.filter((width) => width <= WIDEST_SHOWN);
  return shown.length > 0 ? shown : widths.slice(0, 1);
}

/** The widest of `widths` (narrowest first) at most `most` wide; the narrowest when each is wider. */
export const widestUpTo = (widths: readonly number[], most: number): number => widths.filter((width) => width <= most).at(-1) ?? widths[0];
