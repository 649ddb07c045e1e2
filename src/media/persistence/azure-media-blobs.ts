import type { ContainerClient } from '@azure/storage-blob' with { 'resolution-mode': 'import' };
import { HttpException } from '@nestjs/common';
import { MediaBlobs, mediaStorageUnavailable } from './media-blobs';

/** A container of Azure Blob Storage, made on first use. */
class AzureMediaBlobs extends MediaBlobs {
  private ready: Promise<unknown> | undefined;

  constructor(private readonly container: ContainerClient) {
    super();
  }

  write(name: string, type: string, body: Buffer): Promise<void> {
    return reachable(async () => {
      await this.created();
      await this.container.getBlockBlobClient(name).uploadData(body, { blobHTTPHeaders: { blobContentType: type } });
    });
  }

  read(name: string): Promise<Buffer | undefined> {
    return reachable(async () => {
      try {
        return await this.container.getBlockBlobClient(name).downloadToBuffer();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw error;
      }
    });
  }

  async *readPieces(name: string): AsyncIterable<Buffer> {
    const download = await reachable(() => this.container.getBlockBlobClient(name).download());
    yield* download.readableStreamBody as AsyncIterable<Buffer>;
  }

  removeAll(mediaIds: readonly string[]): Promise<void> {
    return reachable(async () => {
      for (const id of mediaIds) {
        for await (const blob of this.container.listBlobsFlat({ prefix: `${id}/` })) {
          await this.container.deleteBlob(blob.name, { deleteSnapshots: 'include' });
        }
      }
    });
  }

  private created(): Promise<unknown> {
    this.ready ??= this.container.createIfNotExists().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

/** A failure to reach the store is a 503 of its own, not the database's (nor a 500). */
async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpException) throw error;
    throw mediaStorageUnavailable();
  }
}

/**
 * Tries within the time a database statement has (5 s), twice: an outage is told as one within
 * seconds, where the SDK's defaults (four tries, a minute each) kept a request 16 s and more.
 */
const RETRIES = { maxTries: 2, tryTimeoutInMs: 5_000, retryDelayInMs: 200, maxRetryDelayInMs: 500 };

/** `@azure/storage-blob` is loaded only by an instance that keeps its pictures there. */
export async function azureMediaBlobs(connectionString: string, container: string): Promise<MediaBlobs> {
  const { BlobServiceClient } = await import('@azure/storage-blob');
  return new AzureMediaBlobs(
    BlobServiceClient.fromConnectionString(connectionString, { retryOptions: RETRIES }).getContainerClient(container),
  );
}
