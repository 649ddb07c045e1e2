import { ServiceUnavailableException } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import { AwardsService } from '@/awards/awards.service';
import { CertificationsService } from '@/certifications/certifications.service';
import { CertificationSyncService } from '@/certifications/sync/certification-sync.service';
import { DEMO } from '@test/support/demo';
import { serviceContext } from '@test/support/service-context';

describe('awards, certifications and their sync over the served content document', () => {
  let context: TestingModule;

  beforeAll(async () => {
    // Every provider configured: only the missing database may stop a sync.
    context = await serviceContext({
      CREDLY_USERNAME: 'mara-jansen',
      CREDLY_BASE_URL: 'http://127.0.0.1:9',
      MS_LEARN_SHARE_ID: 'share',
      MS_LEARN_BASE_URL: 'http://127.0.0.1:9',
      OPEN_BADGES_ASSERTION_URLS: 'http://127.0.0.1:9/assertion',
    });
  });
  afterAll(() => context.close());

  it('lists awards and certifications in the document order', async () => {
    expect(await context.get(AwardsService).findAll()).toEqual(DEMO.awards);
    expect(await context.get(CertificationsService).findAll()).toEqual(DEMO.certifications);
  });

  it('refuses a sync with 503 before asking any provider', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    try {
      await expect(context.get(CertificationSyncService).sync()).rejects.toBeInstanceOf(ServiceUnavailableException);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      fetch.mockRestore();
    }
  });
});
