import { MailerModule } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { mailConfig } from '@/config/mail.config';
import { ContactController } from './contact.controller';
import { ContactMailer } from './contact-mailer';
import { ContactRedelivery } from './contact-redelivery.service';
import { ContactService } from './contact.service';
import { ContactMessageEntity } from './entities/contact-message.entity';
import { mailerOptions } from './mailer-options';

@Module({
  imports: [
    TypeOrmModule.forFeature([ContactMessageEntity]),
    MailerModule.forRootAsync({
      inject: [mailConfig.KEY],
      useFactory: (config: ConfigType<typeof mailConfig>) => mailerOptions(config),
    }),
  ],
  controllers: [ContactController],
  providers: [ContactService, ContactMailer, ContactRedelivery],
  exports: [ContactMailer],
})
export class ContactModule {}
