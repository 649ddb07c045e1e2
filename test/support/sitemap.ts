import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  'xhtml:link': { '@_rel': string; '@_hreflang': string; '@_href': string }[];
}

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'xhtml:link'].includes(name) });

/** The sitemap as a parser that did not write it reads it: well-formed XML, a sitemaps.org 0.9 urlset. */
export function sitemapOf(text: string): SitemapUrl[] {
  expect(XMLValidator.validate(text)).toBe(true);
  const { urlset } = xml.parse(text) as { urlset: { '@_xmlns': string; '@_xmlns:xhtml': string; url: SitemapUrl[] } };
  expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  return urlset.url;
}
