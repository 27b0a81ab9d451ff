import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { hasTooManyPixels, imageFacts } from './imageInput';
import type { MediaStore } from './mediaStore';
import { qetag } from './qetag';
import { forgetUpload, recordUpload } from './recordUpload';
import { UPLOAD_KEY } from './uploadKey';
import { verifyUploadToken, type SigningKey } from './uploadToken';

/** A store that takes the editor's uploads through this site: it signs their tokens itself. */
export type UploadingStore = MediaStore & { signingKey(): Promise<SigningKey> };

export interface UploadDeps {
  db: Kysely<DB>;
  now: () => number;
  store: UploadingStore;
  logger: Logger;
}

/** What the form upload sent: the token, the key and the file, when there is one. */
export interface UploadForm {
  token: string;
  key: string;
  file: Buffer | undefined;
}

/** Why an upload is refused, in the order the checks run. */
export type UploadRefusal =
  | 'bad_token'
  | 'expired_token'
  | 'invalid_key'
  | 'no_file'
  | 'over_traffic_left'
  | 'not_image'
  | 'too_many_pixels'
  | 'traffic_lack'
  | 'exists'
  | 'no_user'
  | 'not_stored';

export type UploadOutcome = { kind: 'stored'; key: string; hash: string; url: string; size: number } | { kind: 'refused'; reason: UploadRefusal };

/** The image formats taken, as sharp names them, and their content types. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * The embedded backend's Qiniu-compatible upload: the token is the credential, as Qiniu's is.
 * The token, the key, the file and its image are checked; the file is recorded against the
 * uploader's traffic, then stored (and forgotten again when storing fails).
 */
export async function acceptUpload(deps: UploadDeps, form: UploadForm): Promise<UploadOutcome> {
  const refused = (reason: UploadRefusal): UploadOutcome => ({ kind: 'refused', reason });
  const { key, file } = form;
  const now = deps.now();
  const policy = verifyUploadToken(await deps.store.signingKey(), form.token, now);
  if (policy === 'invalid') return refused('bad_token');
  if (policy === 'expired') return refused('expired_token');
  if (!UPLOAD_KEY.test(key)) return refused('invalid_key');
  if (!file || file.length === 0) return refused('no_file');
  if (file.length > policy.fsizeLimit) return refused('over_traffic_left');
  const facts = await imageFacts(file);
  const contentType = facts ? IMAGE_TYPES[facts.format] : undefined;
  if (!facts || !contentType) return refused('not_image');
  if (hasTooManyPixels(facts)) return refused('too_many_pixels');

  const outcome = await recordUpload(deps.db, { key, userId: Number(policy.endUser), articleId: policy.articleId, bytes: file.length, contentType }, now);
  if (outcome !== 'recorded') return refused(outcome);
  let url: string;
  try {
    url = await deps.store.save(key, file, contentType);
  } catch (error) {
    deps.logger.error({ err: error, key }, 'storing an upload failed');
    await forgetUpload(deps.db, key);
    return refused('not_stored');
  }
  return { kind: 'stored', key, hash: qetag(file), url, size: file.length };
}
