import { Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { RateLimitStorageModule } from '@/common/rate-limit/rate-limit-storage.module';
import { MailModule } from '@/mail/mail.module';
import { JobsModule } from '@/jobs/jobs.module';
import { WebhooksModule } from '@/webhooks/webhooks.module';
import { ConfirmationAllowance } from './confirmation-allowance';
import { ContactChallenge } from './contact-challenge';
import { ContactController } from './contact.controller';
import { ContactMailer } from './contact-mailer';
import { ContactRedelivery } from './contact-redelivery.service';
import { ContactRetention } from './contact-retention.service';
import { ContactService } from './contact.service';
import { ContactMessagesRepository, UnkeptContactMessages } from './persistence/contact-messages.repository';

@Module({
  imports: [MailModule, RateLimitStorageModule, WebhooksModule, JobsModule],
  controllers: [ContactController],
  providers: [
    ContactService,
    ContactMailer,
    ContactChallenge,
    ConfirmationAllowance,
    ContactRedelivery,
    ContactRetention,
    storageFor(ContactMessagesRepository, {
      postgres: async () => (await import('./persistence/typeorm-contact-messages.repository.js')).typeOrmContactMessages,
      none: () => new UnkeptContactMessages(),
    }),
  ],
})
export class ContactModule {}
