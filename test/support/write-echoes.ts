import type { INestApplication } from '@nestjs/common';
import type { ContentDomain } from '@/content';
import { ReadModel } from '@/read-model/read-model';

/**
 * Runs `write` on `app` and waits until the database's announcement of its change to `domain`
 * comes back with the write's own id: what lets the instance that made it know the echo as its own.
 */
export async function echoedWithItsWriteId(app: INestApplication, domain: ContentDomain, write: () => Promise<unknown>): Promise<void> {
  const readModel = app.get(ReadModel);
  const changedHere = vi.spyOn(readModel, 'changedHere');
  const announced = vi.spyOn(readModel, 'announced');
  try {
    await write();
    const id = changedHere.mock.calls.at(-1)?.[1];
    expect(id).toEqual(expect.any(String));
    await vi.waitFor(() => expect(announced).toHaveBeenCalledWith(domain, id), { timeout: 2_000 });
  } finally {
    changedHere.mockRestore();
    announced.mockRestore();
  }
}
