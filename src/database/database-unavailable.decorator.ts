import { ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';

/** For controllers whose routes read or write the database: they can answer 503. */
export const ApiDatabaseBacked = (): ClassDecorator & MethodDecorator =>
  ApiServiceUnavailableResponse({
    description: 'No database is configured (admin writes), or the database is unavailable',
    type: ErrorDetailDto,
  });
