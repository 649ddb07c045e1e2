const MAX_SLUG_LENGTH = 100;

/** Lower-case ASCII words joined by "-": "Café Ölstad 2.0" becomes "cafe-olstad-2-0". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}
