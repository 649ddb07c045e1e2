/**
 * Draws a social card, in a worker thread of its own (CardRenderer's pool): satori lays it out
 * (flexbox and text wrapping, text drawn as paths, all of it JavaScript that would otherwise hold
 * the service's event loop for the ~100 ms a card takes), sharp makes it a PNG and sets the
 * picture beside the text. Plain Node.js under the tests too, so it imports nothing of the
 * service's but types.
 */
import { readFile } from 'node:fs/promises';
import type { Font } from 'satori';

/** The size link previews ask for (Open Graph, X's summary_large_image). */
const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;
const PICTURE_WIDTH = 480;
const TEXT_WIDTH_WITH_PICTURE = CARD_WIDTH - PICTURE_WIDTH;

/** A font file the main thread found (its path), and the family and weight it draws. */
export interface FontFile {
  name: string;
  path: string;
  weight: 400 | 700;
}

/** Everything a card's pixels are made from, as the worker is sent it. */
export interface CardDrawing {
  byline: string;
  title: string;
  text: string;
  /** The picture beside the text, as an image's bytes (any format sharp reads), if any. */
  picture?: Uint8Array;
  fonts: readonly FontFile[];
}

/** An element of the tree satori lays out (its React-like input, without React). */
interface Element {
  type: string;
  props: { style?: Record<string, string | number>; children?: string | Element[] };
}
const box = (style: Element['props']['style'], children: Element['props']['children']): Element => ({
  type: 'div',
  props: { style, children },
});

/** Text that stops after `lines` lines with an ellipsis. */
const clamped = (lines: number, style: Record<string, string | number>, text: string): Element =>
  box({ display: 'block', lineClamp: lines, ...style }, text);

function layout({ byline, title, text, picture }: CardDrawing): Element {
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

let tools: Promise<{ satori: typeof import('satori').default; sharp: typeof import('sharp') }> | undefined;
let fontsRead: Promise<Font[]> | undefined;

/** satori and sharp load with the first card (one libvips thread: a render leaves the other core to the reads). */
function loaded() {
  tools ??= Promise.all([import('satori'), import('sharp')]).then(([{ default: satori }, { default: sharp }]) => {
    sharp.concurrency(1);
    return { satori, sharp };
  });
  return tools;
}

export default async function draw(card: CardDrawing): Promise<Uint8Array> {
  const { satori, sharp } = await loaded();
  fontsRead ??= Promise.all(
    card.fonts.map(async ({ name, path, weight }) => ({ name, weight, style: 'normal' as const, data: await readFile(path) })),
  );
  const svg = await satori(layout(card), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: await fontsRead });
  const composites = card.picture
    ? [
        {
          input: await sharp(card.picture).resize(PICTURE_WIDTH, CARD_HEIGHT, { fit: 'cover' }).toBuffer(),
          left: TEXT_WIDTH_WITH_PICTURE,
          top: 0,
        },
      ]
    : [];
  return sharp(Buffer.from(svg)).composite(composites).png().toBuffer();
}
