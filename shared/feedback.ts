import type { AccountRole } from './entities';
import { TRAFFIC_LIMITS } from './traffic';

/** docs/specification/shell.md §5: the mail hosts the feedback popup's e-mail field suggests. */
export const EMAIL_SUGGESTION_HOSTS = ['qq', '163', '126', 'yahoo', 'gmail', 'hotmail'] as const;

/** Suggestions for what is typed: only while it has no @, each host with .com. */
export function emailSuggestions(typed: string): string[] {
  const text = typed.trim();
  if (!text || text.includes('@')) return [];
  return EMAIL_SUGGESTION_HOSTS.map((host) => `${text}@${host}.com`);
}

export interface FeedbackEnvironment {
  platform: string;
  userAgent: string;
  screen: string;
  role: AccountRole | 'anonymous';
  trafficUsedMb: number;
  trafficLimitMb: number;
}

/** docs/specification/shell.md §7: the text, then the environment the operator needs to reproduce a problem. */
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

/**
 * The traffic line of a message: the meter's figures (GET /api/traffic/current/) when they
 * came, else nothing used of the role's allowance; a reader who is not signed in has none.
 */
export function trafficFigures(
  role: AccountRole | 'anonymous',
  meter: { bytes_used: number; bytes_limit: number } | null,
): Pick<FeedbackEnvironment, 'trafficUsedMb' | 'trafficLimitMb'> {
  if (role === 'anonymous') return { trafficUsedMb: 0, trafficLimitMb: 0 };
  if (meter) return { trafficUsedMb: megabytes(meter.bytes_used), trafficLimitMb: megabytes(meter.bytes_limit) };
  return { trafficUsedMb: 0, trafficLimitMb: megabytes(TRAFFIC_LIMITS[role]) };
}

/** Bytes as whole-ish megabytes, as the editor shows them. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}
