import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import pLimit from 'p-limit';
import type { Font } from 'satori';
import { BytesBoundedCache } from '@/common/memory/bytes-bounded-cache';
import { SocialCardStore } from './persistence/social-card-store';

/** The size link previews ask for (Open Graph, X's summary_large_image). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const PICTURE_WIDTH = 480;
const TEXT_WIDTH_WITH_PICTURE = CARD_WIDTH - PICTURE_WIDTH;

/** Everything a card's pixels are made from: the same card is the same PNG, byte for byte. */
export interface SocialCard {
  /** Above the title: whose site it is. */
  byline: string;
  title: string;
  /** Below the title: a headline or a project's description. */
  text: string;
  /** The picture beside the text, as an image's bytes (any format sharp reads), if any. */
  picture?: { id: string; bytes: () => Promise<Buffer> };
}

/** How many bytes of the cards read most recently an instance keeps in memory. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Inter, from the npm registry (SIL Open Font License): the same glyphs on every instance and
 * machine, so a card's bytes, and its ETag, do not depend on the fonts a host has. Latin and Latin
 * Extended cover English and Dutch and most European languages; a character outside them is drawn
 * as a box.
 */
const FONT_FILES: readonly { name: string; file: string; weight: 400 | 700 }[] = [
  { name: 'Inter', file: 'inter-latin-400-normal.woff', weight: 400 },
  { name: 'Inter', file: 'inter-latin-700-normal.woff', weight: 700 },
  { name: 'Inter Extended', file: 'inter-latin-ext-400-normal.woff', weight: 400 },
  { name: 'Inter Extended', file: 'inter-latin-ext-700-normal.woff', weight: 700 },
];

/** An element of the tree satori lays out (its React-like input, without React). */
interface Element {
  type: string;
  props: { style?: Record<string, string | number>; children?: string | Element[]; src?: string };
}
const box = (style: Element['props']['style'], children: Element['props']['children']): Element => ({
  type: 'div',
  props: { style, children },
});

/** Text that stops after `lines` lines with an ellipsis. */
const clamped = (lines: number, style: Record<string, string | number>, text: string): Element =>
  box({ display: 'block', lineClamp: lines, ...style }, text);

/**
 * The 1200×630 PNG a link preview shows: laid out by satori (flexbox and text wrapping, text drawn
 * as paths), made a PNG by sharp, the picture set beside the text by sharp. A card is rendered
 * once per change of what it shows: stored (SocialCardStore) with the hash of what it shows, so a
 * change elsewhere in the content costs no render, and the hottest kept here too. Renders run one
 * at a time, so a burst after a change cannot take both cores from the reads.
 */
@Injectable()
export class CardRenderer {
  constructor(private readonly store: SocialCardStore) {}

  private readonly kept = new BytesBoundedCache<Buffer>(MAX_BYTES, (png) => png.length);
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private readonly turns = pLimit(1);
  private tools: Promise<{ satori: typeof import('satori').default; sharp: typeof import('sharp'); fonts: Font[] }> | undefined;
  private renders = 0;

  /** How many cards this instance has rendered (not answered from what it keeps). */
  get rendered(): number {
    return this.renders;
  }

  /** The page's card (`page`: the page and language, as SocialCardStore keeps it): kept here, being made, stored, or rendered now. */
  png(card: SocialCard, page: string): Promise<Buffer> {
    const hash = keyOf(card);
    const kept = this.kept.get(hash);
    if (kept) return Promise.resolve(kept);
    let pending = this.rendering.get(hash);
    if (!pending) {
      pending = this.storedOrRendered(card, page, hash).then((png) => {
        this.kept.keep(hash, png);
        return png;
      });
      const settled = () => this.rendering.delete(hash);
      pending.then(settled, settled);
      this.rendering.set(hash, pending);
    }
    return pending;
  }

  private async storedOrRendered(card: SocialCard, page: string, hash: string): Promise<Buffer> {
    const stored = await this.store.find(page, hash);
    if (stored) return stored;
    const png = await this.turns(() => this.render(card));
    await this.store.keep(page, hash, png);
    return png;
  }

  private async render(card: SocialCard): Promise<Buffer> {
    const { satori, sharp, fonts } = await this.loaded();
    const svg = await satori(layout(card), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
    const composites = card.picture
      ? [
          {
            input: await sharp(await card.picture.bytes())
              .resize(PICTURE_WIDTH, CARD_HEIGHT, { fit: 'cover' })
              .toBuffer(),
            left: TEXT_WIDTH_WITH_PICTURE,
            top: 0,
          },
        ]
      : [];
    this.renders += 1;
    return sharp(Buffer.from(svg)).composite(composites).png().toBuffer();
  }

  /** satori, sharp and the fonts load with the first card. */
  private loaded() {
    this.tools ??= Promise.all([
      import('satori'),
      import('sharp'),
      Promise.all(
        FONT_FILES.map(async ({ name, file, weight }) => ({
          name,
          weight,
          style: 'normal' as const,
          data: await readFile(require.resolve(`@fontsource/inter/files/${file}`)),
        })),
      ),
    ]).then(([{ default: satori }, { default: sharp }, fonts]) => {
      // One libvips thread, as for uploads: a render leaves the other core to the reads.
      sharp.concurrency(1);
      return { satori, sharp, fonts };
    });
    return this.tools;
  }
}

const keyOf = ({ byline, title, text, picture }: SocialCard): string =>
  createHash('sha256')
    .update(JSON.stringify([byline, title, text, picture?.id ?? null]))
    .digest('base64url');

function layout({ byline, title, text, picture }: SocialCard): Element {
  const textWidth = picture ? TEXT_WIDTH_WITH_PICTURE : CARD_WIDTH;
  return box(
    {
      display: 'flex',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      backgroundImage: 'linear-gradient(135deg, #0b3d5c, #1f6f8b)',
      color: '#ffffff',
      fontFamily: 'Inter, Inter Extended',
    },
    [
      box({ display: 'flex', flexDirection: 'column', justifyContent: 'center', width: textWidth, padding: '64px 72px' }, [
        clamped(1, { fontSize: 30, color: '#9fe3e0' }, byline),
        clamped(3, { fontSize: picture ? 60 : 72, fontWeight: 700, lineHeight: 1.15, marginTop: 20 }, title),
        box({ display: 'flex', width: 96, height: 8, borderRadius: 4, backgroundColor: '#9fe3e0', marginTop: 32 }, []),
        clamped(3, { fontSize: 30, lineHeight: 1.35, marginTop: 32, color: '#e0f2f1' }, text),
      ]),
    ],
  );
}
