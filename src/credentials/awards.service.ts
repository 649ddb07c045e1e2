import { Injectable } from '@nestjs/common';
import { AWARDS } from '@/content';
import { AwardDto } from './dto/award.dto';

@Injectable()
export class AwardsService {
  async findAll(): Promise<AwardDto[]> {
    return [...AWARDS];
  }
}
