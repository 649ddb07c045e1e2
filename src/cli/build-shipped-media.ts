/**
 * `npm run media:build`: draws the demo projects' title cards (made here, no third party's images),
 * processes each as an upload is processed, and writes their variants and manifest to
 * assets/media/shipped. The demo's projects name them by the URLs it prints.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { PROJECTS } from '@/content/demo/projects';
import { MEDIA_TYPES } from '@/media/encode-job';
import { ImageProcessor } from '@/media/image-processor';
import { mediaUrl } from '@/content/media-url';
import { SHIPPED_MANIFEST } from '@/media/persistence/shipped-media';

const WIDTH = 960;
const HEIGHT = 540;
const PALETTES = [
  ['#0b3d5c', '#1f8a9e', '#9fe3e0'],
  ['#2d1e4f', '#6a4bb3', '#f2c14e'],
  ['#113b2a', '#2f8f5b', '#d8f3dc'],
  ['#4a1c1c', '#c0553a', '#ffd6a5'],
  ['#1b263b', '#415a77', '#e0e1dd'],
  ['#3d2c00', '#b58900', '#fdf6e3'],
];
const CREATED_AT = '2026-01-01T00:00:00.000Z';
/** The sources' folder (the build copies it beside the compiled code). */
const SHIPPED_MEDIA_DIR = resolve('assets', 'media', 'shipped');

const escaped = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function titleCard(title: string, category: string, index: number): Buffer {
  const [dark, middle, light] = PALETTES[index % PALETTES.length];
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = 560 + ((i * 137 + index * 61) % 380);
    const y = 60 + ((i * 89 + index * 43) % 420);
    return `<circle cx="${x}" cy="${y}" r="${40 + ((i * 29 + index * 17) % 90)}" fill="${light}" opacity="${0.08 + i * 0.03}"/>`;
  }).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${middle}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${circles}
  <rect x="64" y="300" width="96" height="8" rx="4" fill="${light}"/>
  <text x="64" y="280" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#ffffff">${escaped(title)}</text>
  <text x="64" y="360" font-family="DejaVu Sans" font-size="28" fill="${light}">${escaped(category)}</text>
</svg>`);
}

async function buildShippedMedia(): Promise<void> {
  const processor = new ImageProcessor();
  await rm(SHIPPED_MEDIA_DIR, { recursive: true, force: true });
  const manifest = [];
  for (const [index, project] of PROJECTS.entries()) {
    const jpeg = await sharp(titleCard(project.title, project.category ?? '', index))
      .flatten()
      .jpeg({ quality: 90 })
      .toBuffer();
    const image = await processor.process(jpeg, 'image/jpeg');
    await mkdir(join(SHIPPED_MEDIA_DIR, image.id), { recursive: true });
    const variants = [];
    for (const variant of image.variants) {
      const name = `${variant.width}.${variant.format}`;
      await writeFile(join(SHIPPED_MEDIA_DIR, image.id, name), variant.body);
      variants.push({ name, width: variant.width, height: variant.height, type: MEDIA_TYPES[variant.format], bytes: variant.body.length });
    }
    manifest.push({
      id: image.id,
      width: image.width,
      height: image.height,
      fallback: image.fallback,
      bytes: image.variants.at(-1)!.body.length,
      placeholder: image.placeholder,
      alt: {
        english: `${project.title}: the project's title card`,
        nederlands: `${project.translations?.nederlands?.title ?? project.title}: de titelkaart van het project`,
      },
      focalPoint: null,
      createdAt: CREATED_AT,
      variants,
    });
    process.stdout.write(`${project.slug} ${mediaUrl(image.id)}\n`);
  }
  await writeFile(join(SHIPPED_MEDIA_DIR, SHIPPED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  processor.close();
}

void buildShippedMedia();
