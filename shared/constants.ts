/** Business constants of the application shell (docs/specification/shell.md §9). */
export const COPYRIGHT_START_YEAR = 2012;
export const TIP_DURATION_MS = 2000;
export const NOTIFICATION_TITLE_CUT = 20;

export const BREAKPOINTS = { mobile: 800, small: 560, smaller: 380, smallest: 340 } as const;

export const MEMBER_TIERS = ['premium', 'vip', 'enterprise'] as const;
export type MemberTier = (typeof MEMBER_TIERS)[number];

/** The product's content policy, linked from every footer. */
export const CONTENT_POLICY_PATH = '/page/service/terms/';

/** The sign-in page; `next` carries the encoded full path the reader wanted. */
export const SIGN_IN_PATH = '/sign/in/';

/**
 * The `detail` of a 403 by which a backend asks for a verified phone before an article is
 * published (real-name rules); the editor then opens its phone-verification prompt. The
 * embedded backend keeps no phone per account and never sends it (docs/decisions/035).
 */
export const PHONE_VERIFICATION_REQUIRED = 'phone_verification_required';
