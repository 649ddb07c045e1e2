import { refuseWrite } from '@/content-store/document-collection';
import { type Profile, ProfileRepository } from './profile.repository';

/** The profile of the served content document; it cannot be changed. */
export class DocumentProfileRepository extends ProfileRepository {
  readonly save = refuseWrite;
  readonly update = refuseWrite;
  readonly replaceWith = refuseWrite;
  readonly holdAgainstWrites = refuseWrite;

  constructor(
    private readonly profile: Profile | undefined,
    private readonly documentChangedAt: Date,
  ) {
    super();
  }

  async find(): Promise<Profile | undefined> {
    return this.profile;
  }

  async changedAt(): Promise<Date | undefined> {
    return this.profile && this.documentChangedAt;
  }
}
