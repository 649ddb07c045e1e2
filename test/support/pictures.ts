import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestDatabase } from './database';

/** A photo as a camera writes it: landscape pixels with an orientation that turns them upright, and the camera's EXIF. */
export const cameraPhoto = (): Promise<Buffer> =>
  sharp({ create: { width: 1000, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Canon', Model: 'EOS R5', Copyright: 'Mara Jansen' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/**
 * `body` kept in `database` as an upload keeps a picture (its original, a JPEG 2400 px wide, in its
 * row), without the seconds its encoding would take; answers its id.
 */
export async function keptOriginal(database: TestDatabase, body: Buffer): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await database.query(
    `INSERT INTO media_items (id, width, height, fallback, bytes, placeholder) VALUES ($1, 2400, 1600, 'jpg', $2, 'AAAA')`,
    [id, body.length],
  );
  await database.query(
    `INSERT INTO media_variants (media_id, name, width, height, type, bytes, body) VALUES ($1, '2400.jpg', 2400, 1600, 'image/jpeg', $2, $3)`,
    [id, body.length, body],
  );
  return id;
}
