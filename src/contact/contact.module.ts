import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '@/mail/mail.module';
import { ContactController } from './contact.controller';
import { ContactMailer } from './contact-mailer';
import { ContactRedelivery } from './contact-redelivery.service';
import { ContactService } from './contact.service';
import { ContactMessageEntity } from './entities/contact-message.entity';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity]), MailModule],
  controllers: [ContactController],
  providers: [ContactService, ContactMailer, ContactMessagesRepository, ContactRedelivery],
})
export class ContactModule {}
