import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECTS } from '@/content/demo/projects';
import { mediaUrl } from '@/content/media-url';
import { SHIPPED_MEDIA_DIR, ShippedMedia } from './shipped-media';

describe('the shipped pictures', () => {
  const shipped = new ShippedMedia();

  it('are every picture the demo names', async () => {
    const named = PROJECTS.map((project) => project.image).filter((image) => image?.startsWith('/api/media/'));
    expect(named).toHaveLength(PROJECTS.length);
    const items = await shipped.findMany(named.map((url) => url!.slice('/api/media/'.length)));
    expect(items.map((item) => mediaUrl(item.id))).toEqual(named);
  });

  it('have each variant the manifest lists, at the size it lists, and nothing else', async () => {
    const items = await shipped.findMany((await readdir(SHIPPED_MEDIA_DIR)).filter((name) => !name.endsWith('.json')));
    expect(items).toHaveLength(PROJECTS.length);
    for (const item of items) {
      expect((await readdir(join(SHIPPED_MEDIA_DIR, item.id))).sort()).toEqual(item.variants.map((variant) => variant.name).sort());
      for (const variant of item.variants) expect((await stat(join(SHIPPED_MEDIA_DIR, item.id, variant.name))).size).toBe(variant.bytes);
    }
  });
});
