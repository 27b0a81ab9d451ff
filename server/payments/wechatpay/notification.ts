import { z } from 'zod';
import { DomainError } from '../../domain/DomainError';
import type { PlatformKeys } from './platformKeys';
import { decryptResource, signatureHeaders } from './protocol';

/** A notification signed longer ago (or ahead) than this is refused, as WeChat Pay's own SDKs do. */
export const NOTIFICATION_WINDOW_S = 5 * 60;

const notificationSchema = z.object({
  id: z.string().max(128),
  event_type: z.string().max(64),
  resource_type: z.string().max(64).optional(),
  resource: z.object({
    algorithm: z.string().max(32),
    ciphertext: z.string().min(1).max(65_536),
    nonce: z.string().min(1).max(64),
    associated_data: z.string().max(256).optional(),
    original_type: z.string().max(64).optional(),
  }),
});

export interface NotificationKeys {
  /** The keys by serial: a notification verifies with the one its Wechatpay-Serial names, or is refused. */
  platformKeys: PlatformKeys;
  apiV3Key: string;
  /** The wall clock, in ms. */
  clock: () => number;
}

export interface OpenedNotification {
  id: string;
  event: string;
  /** The resource's decrypted JSON; 'invalid' when it does not decrypt or parse. */
  resource(): unknown;
}

/**
 * A notification POSTed by WeChat Pay (a payment's or a refund's): the Wechatpay-* signature with
 * the platform key its serial names and its freshness ('forbidden' otherwise), then its shape ('invalid').
 */
export async function openNotification(keys: NotificationKeys, header: (name: string) => string | undefined, body: string): Promise<OpenedNotification> {
  const signed = signatureHeaders(header);
  if (!signed) throw new DomainError('forbidden', 'Missing Wechatpay signature headers.');
  if (!(await keys.platformKeys.verify(signed, body))) throw new DomainError('forbidden', 'Invalid signature.');
  if (Math.abs(Math.floor(keys.clock() / 1000) - Number(signed.timestamp)) > NOTIFICATION_WINDOW_S) {
    throw new DomainError('forbidden', 'Notification expired.');
  }
  const notification = notificationSchema.safeParse(safeJson(body));
  if (!notification.success) throw new DomainError('invalid', 'Malformed notification.');
  const { id, event_type: event, resource } = notification.data;
  return {
    id,
    event,
    resource() {
      let plaintext: string;
      try {
        plaintext = decryptResource(keys.apiV3Key, resource);
      } catch {
        throw new DomainError('invalid', 'The notification cannot be decrypted.');
      }
      const json = safeJson(plaintext);
      if (json === undefined) throw new DomainError('invalid', 'Malformed resource.');
      return json;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
