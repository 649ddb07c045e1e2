import type { SchemaObject } from '@nestjs/swagger';
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

const URI: SchemaObject = { type: 'string', format: 'uri' };
const DATE_TIME: SchemaObject = { type: 'string', format: 'date-time' };
const AUTHOR: SchemaObject = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, url: URI } };

export const JSON_FEED: MediaTypeDoc = {
  mediaType: 'application/feed+json',
  description: 'A JSON Feed 1.1 of the projects, newest first',
  schema: {
    type: 'object',
    required: ['version', 'title', 'items'],
    properties: {
      version: { type: 'string', enum: ['https://jsonfeed.org/version/1.1'] },
      title: { type: 'string' },
      home_page_url: URI,
      feed_url: URI,
      description: { type: 'string' },
      language: { type: 'string', example: 'en' },
      authors: { type: 'array', items: AUTHOR },
      items: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'url', 'title', 'content_text'],
          properties: {
            id: { type: 'string' },
            url: URI,
            title: { type: 'string' },
            content_text: { type: 'string', description: "The project's description" },
            image: { ...URI, description: "The project's picture, at the size a reader shows" },
            date_published: DATE_TIME,
            date_modified: DATE_TIME,
            tags: { type: 'array', items: { type: 'string' }, description: 'Its technologies' },
          },
        },
      },
    },
  },
};

const CONTEXT: SchemaObject = { type: 'string', enum: ['https://schema.org'] };
const PERSON_PROPERTIES: Record<string, SchemaObject> = {
  '@type': { type: 'string', enum: ['Person'] },
  name: { type: 'string' },
  jobTitle: { type: 'string', description: 'The headline, in the language read' },
  url: URI,
  sameAs: { type: 'array', items: URI, description: "The profile's links" },
  image: URI,
};

/** schema.org JSON-LD of the Person the site is about. */
export const PERSON_LD: MediaTypeDoc = {
  mediaType: 'application/ld+json',
  description: 'schema.org JSON-LD: the Person, from the profile',
  schema: { type: 'object', required: ['@context', '@type', 'name', 'url'], properties: { '@context': CONTEXT, ...PERSON_PROPERTIES } },
};

/** schema.org JSON-LD of a project. */
export const CREATIVE_WORK_LD: MediaTypeDoc = {
  mediaType: 'application/ld+json',
  description: 'schema.org JSON-LD: the project as a CreativeWork by the Person, in the language read',
  schema: {
    type: 'object',
    required: ['@context', '@type', 'name', 'url', 'inLanguage'],
    properties: {
      '@context': CONTEXT,
      '@type': { type: 'string', enum: ['CreativeWork'] },
      name: { type: 'string' },
      description: { type: 'string' },
      url: URI,
      inLanguage: { type: 'string', example: 'en' },
      keywords: { type: 'string', description: 'Its technologies, comma-separated' },
      image: URI,
      dateCreated: DATE_TIME,
      dateModified: DATE_TIME,
      author: { type: 'object', required: ['@type', 'name'], properties: PERSON_PROPERTIES },
    },
  },
};

export const SOCIAL_CARD: MediaTypeDoc = {
  mediaType: 'image/png',
  description: 'A 1200×630 PNG for link previews (og:image), made from the content',
  schema: { type: 'string', format: 'binary' },
};

export const NO_ADDRESS = { description: 'SITE_URL is not set and the profile has no website', detail: NO_SITE_ADDRESS };
