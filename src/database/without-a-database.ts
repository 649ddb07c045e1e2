import { ServiceUnavailableException } from '@nestjs/common';

/** What a port without a database answers where only a database can: 503, saying what it keeps there (`content history is kept in the database`). */
export const withoutADatabase = (what: string) => (): Promise<never> =>
  Promise.reject(new ServiceUnavailableException({ detail: `No database is configured: ${what}` }));
