import { MailerModule } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { mailConfig } from '@/config/mail.config';
import { mailerOptions } from './mailer-options';

export { MailerService } from '@nestjs-modules/mailer';

/**
 * The mailer (nodemailer with Handlebars templates), which MailTransport loads with the first
 * mail through Nest's LazyModuleLoader: the mailer's template engines and preview support
 * would otherwise be a tenth of every instance's start-up, for a form that is rarely sent.
 */
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [mailConfig.KEY],
      useFactory: (config: ConfigType<typeof mailConfig>) => mailerOptions(config),
    }),
  ],
})
export class MailerLazyModule {}
