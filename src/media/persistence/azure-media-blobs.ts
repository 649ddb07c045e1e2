import type { ContainerClient } from '@azure/storage-blob' with { 'resolution-mode': 'import' };
import { MediaBlobs } from './media-blobs';

/** A container of Azure Blob Storage, made on first use. */
class AzureMediaBlobs extends MediaBlobs {
  private ready: Promise<unknown> | undefined;

  constructor(private readonly container: ContainerClient) {
    super();
  }

  async write(name: string, type: string, body: Buffer): Promise<void> {
    await this.created();
    await this.container.getBlockBlobClient(name).uploadData(body, { blobHTTPHeaders: { blobContentType: type } });
  }

  async read(name: string): Promise<Buffer | undefined> {
    try {
      return await this.container.getBlockBlobClient(name).downloadToBuffer();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw error;
    }
  }

  async removeAll(mediaIds: readonly string[]): Promise<void> {
    for (const id of mediaIds) {
      for await (const blob of this.container.listBlobsFlat({ prefix: `${id}/` })) {
        await this.container.deleteBlob(blob.name, { deleteSnapshots: 'include' });
      }
    }
  }

  private created(): Promise<unknown> {
    this.ready ??= this.container.createIfNotExists().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

/** `@azure/storage-blob` is loaded only by an instance that keeps its pictures there. */
export async function azureMediaBlobs(connectionString: string, container: string): Promise<MediaBlobs> {
  const { BlobServiceClient } = await import('@azure/storage-blob');
  return new AzureMediaBlobs(BlobServiceClient.fromConnectionString(connectionString).getContainerClient(container));
}
