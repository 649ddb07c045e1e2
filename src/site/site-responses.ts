import type { MediaTypeDoc } from '@/read-model/public-read.decorator';
import { NO_SITE_ADDRESS } from './site-pages';

/** A text a standard tool reads (XML, plain text), declared as a string. */
const text = (mediaType: string, description: string, example?: string): MediaTypeDoc => ({
  mediaType,
  description,
  schema: { type: 'string', ...(example ? { example } : {}) },
});

/** What the discoverability reads answer, as the description declares it. */
export const SITEMAP = text(
  'application/xml',
  'A sitemaps.org 0.9 urlset: each page once per language, with its hreflang alternates and x-default',
);

export const ROBOTS_TXT = text(
  'text/plain',
  'Allows every crawler everything, and names the sitemap',
  'User-agent: *\nAllow: /\n\nSitemap: https://marajansen.example/sitemap.xml\n',
);

export const ATOM_FEED = text('application/atom+xml', 'An Atom 1.0 feed of the projects, newest first');

export const JSON_FEED: MediaTypeDoc = {
  mediaType: 'application/feed+json',
  description: 'A JSON Feed 1.1 of the projects, newest first',
  schema: {
    type: 'object',
    required: ['version', 'title', 'items'],
    properties: {
      version: { type: 'string', enum: ['https://jsonfeed.org/version/1.1'] },
      title: { type: 'string' },
      home_page_url: { type: 'string', format: 'uri' },
      language: { type: 'string', example: 'en' },
      items: {
        type: 'array',
        items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, url: { type: 'string' } } },
      },
    },
  },
};

export const JSON_LD = (what: string): MediaTypeDoc => ({
  mediaType: 'application/ld+json',
  description: `schema.org JSON-LD: ${what}`,
  schema: {
    type: 'object',
    required: ['@context', '@type'],
    properties: { '@context': { type: 'string', enum: ['https://schema.org'] }, '@type': { type: 'string' } },
  },
});

export const SOCIAL_CARD: MediaTypeDoc = {
  mediaType: 'image/png',
  description: 'A 1200×630 PNG for link previews (og:image), made from the content',
  schema: { type: 'string', format: 'binary' },
};

export const NO_ADDRESS = { description: 'SITE_URL is not set and the profile has no website', detail: NO_SITE_ADDRESS };
