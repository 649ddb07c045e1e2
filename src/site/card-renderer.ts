import { createHash } from 'node:crypto';
import { extname, join } from 'node:path';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type Piscina from 'piscina';
import { BytesBoundedCache } from '@/common/memory/bytes-bounded-cache';
import { BACKGROUND_NICE } from '@/common/scheduling/background-priority';
import { SOURCE_ROOT } from '@/source-root';
import type { CardDrawing, FontFile } from './card-drawing.worker';
import { SocialCardStore } from './persistence/social-card-store';

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
/** An idle drawing thread goes after this long, and its memory (satori, sharp, the fonts) with it. */
const IDLE_THREAD_MS = 60_000;

/** The drawing thread's entry point, beside this file, compiled or (under the tests) not. */
const DRAWING_ENTRY = join(SOURCE_ROOT, 'site', `card-drawing.worker${extname(__filename)}`);

/**
 * Inter, from the npm registry (SIL Open Font License): the same glyphs on every instance and
 * machine, so a card's bytes, and its ETag, do not depend on the fonts a host has. Latin and Latin
 * Extended cover English and Dutch and most European languages; a character outside them is drawn
 * as a box.
 */
const FONTS: readonly FontFile[] = [
  { name: 'Inter', path: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'), weight: 400 },
  { name: 'Inter', path: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'), weight: 700 },
  { name: 'Inter Extended', path: require.resolve('@fontsource/inter/files/inter-latin-ext-400-normal.woff'), weight: 400 },
  { name: 'Inter Extended', path: require.resolve('@fontsource/inter/files/inter-latin-ext-700-normal.woff'), weight: 700 },
];

/**
 * The 1200×630 PNG a link preview shows, drawn in a worker thread (card-drawing.worker.ts), one
 * at a time and at the lowest CPU priority: a burst after a change neither holds the event loop
 * nor takes a core from the reads. A card is drawn once per change of what it shows: stored (SocialCardStore) with the hash
 * of what it shows, so a change elsewhere in the content costs no render, and the hottest kept
 * here too.
 */
@Injectable()
export class CardRenderer implements OnModuleDestroy {
  private readonly kept = new BytesBoundedCache<Buffer>(MAX_BYTES, (png) => png.length);
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private pool: Promise<Piscina<CardDrawing, Uint8Array>> | undefined;
  private drawn = 0;

  constructor(private readonly store: SocialCardStore) {}

  /** How many cards this instance's drawing thread has drawn (not answered from what it keeps). */
  get rendered(): number {
    return this.drawn;
  }

  /** The page's card (`page`: the page and language, as SocialCardStore keeps it): kept here, being made, stored, or drawn now. */
  png(card: SocialCard, page: string): Promise<Buffer> {
    const hash = keyOf(card);
    const kept = this.kept.get(hash);
    if (kept) return Promise.resolve(kept);
    let pending = this.rendering.get(hash);
    if (!pending) {
      pending = this.storedOrDrawn(card, page, hash).then((png) => {
        this.kept.keep(hash, png);
        return png;
      });
      const settled = () => this.rendering.delete(hash);
      pending.then(settled, settled);
      this.rendering.set(hash, pending);
    }
    return pending;
  }

  async onModuleDestroy(): Promise<void> {
    await (await this.pool)?.destroy();
  }

  private async storedOrDrawn(card: SocialCard, page: string, hash: string): Promise<Buffer> {
    const stored = await this.store.find(page, hash);
    if (stored) return stored;
    const png = await this.draw(card);
    await this.store.keep(page, hash, png);
    return png;
  }

  private async draw({ byline, title, text, picture }: SocialCard): Promise<Buffer> {
    const drawing = { byline, title, text, picture: picture && (await picture.bytes()), fonts: FONTS };
    const png = await (await this.drawingThread()).run(drawing);
    this.drawn += 1;
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** The pool of one thread, made with the first card. */
  private drawingThread(): Promise<Piscina<CardDrawing, Uint8Array>> {
    this.pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina<CardDrawing, Uint8Array>({
          filename: DRAWING_ENTRY,
          minThreads: 0,
          maxThreads: 1,
          idleTimeout: IDLE_THREAD_MS,
          niceIncrement: BACKGROUND_NICE,
        }),
    );
    return this.pool;
  }
}

const keyOf = ({ byline, title, text, picture }: SocialCard): string =>
  createHash('sha256')
    .update(JSON.stringify([byline, title, text, picture?.id ?? null]))
    .digest('base64url');
