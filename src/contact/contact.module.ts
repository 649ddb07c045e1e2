import { Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { MailModule } from '@/mail/mail.module';
import { ContactController } from './contact.controller';
import { ContactMailer } from './contact-mailer';
import { ContactRedelivery } from './contact-redelivery.service';
import { ContactService } from './contact.service';
import { ContactMessagesRepository, UnkeptContactMessages } from './persistence/contact-messages.repository';

@Module({
  imports: [MailModule],
  controllers: [ContactController],
  providers: [
    ContactService,
    ContactMailer,
    ContactRedelivery,
    storageFor(ContactMessagesRepository, {
      postgres: async () => (await import('./persistence/typeorm-contact-messages.repository.js')).typeOrmContactMessages,
      none: () => new UnkeptContactMessages(),
    }),
  ],
})
export class ContactModule {}
