import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { ImageStore } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import type { SessionsPort } from '../users';

/** What the account-data services need from the app. */
export type AccountDataContext = {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  images: Pick<ImageStore, 'deleteImage'>;
  sessions: Pick<SessionsPort, 'revokeAllSessions' | 'forgetUser'>;
  /** The app's public address, for the mailed download link. */
  appUrl: string;
  /** Above this many images an export is prepared in the background and mailed. */
  directMaxImages: number;
  /** Password checks of DELETE /account, per account (against guessing with a stolen session). */
  passwordChecks: RateLimiter;
  now: () => Date;
};
