import type { AccountRole } from './entities';

/** Seed 000 §5: the mail hosts the feedback popup's e-mail field suggests. */
export const EMAIL_SUGGESTION_HOSTS = ['qq', '163', '126', 'yahoo', 'gmail', 'hotmail'] as const;

/** Suggestions for what is typed: only while it has no @, each host with .com. */
export function emailSuggestions(typed: string): string[] {
  const text = typed.trim();
  if (!text || text.includes('@')) return [];
  return EMAIL_SUGGESTION_HOSTS.map((host) => `${text}@${host}.com`);
}

/**
 * Upload traffic per month by role, in MB, until GET /api/traffic/current/ exists
 * (docs/decisions/015): the feedback's environment reports these.
 */
export const TRAFFIC_LIMIT_MB: Readonly<Record<AccountRole | 'anonymous', number>> = {
  anonymous: 0,
  user: 100,
  reseller: 100,
  operator: 100,
  premium: 1024,
  vip: 5120,
  enterprise: 20480,
};

export interface FeedbackEnvironment {
  platform: string;
  userAgent: string;
  screen: string;
  role: AccountRole | 'anonymous';
  trafficUsedMb: number;
  trafficLimitMb: number;
}

/** Seed 000 §7: the text, then the environment the operator needs to reproduce a problem. */
export function feedbackMessage(text: string, environment: FeedbackEnvironment): string {
  return [
    text.trim(),
    '',
    '---',
    `platform: ${environment.platform}`,
    `user agent: ${environment.userAgent}`,
    `screen: ${environment.screen}`,
    `role: ${environment.role}`,
    `traffic: ${environment.trafficUsedMb} MB / ${environment.trafficLimitMb} MB`,
  ].join('\n');
}

/** Bytes as whole-ish megabytes, as the editor shows them. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}
