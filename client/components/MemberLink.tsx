import type { CSSProperties, MouseEventHandler, ReactNode } from 'react';

/** The membership upgrade page (docs/specification/shell.md §2). */
export const MEMBERSHIP_PATH = '/member/';

interface MemberLinkProps {
  className?: string;
  role?: 'menuitem';
  style?: CSSProperties;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
}

/**
 * A link to /member/. The links to it open in a new tab (docs/specification/shell.md §2), so it is a
 * plain anchor with target="_blank" and rel="noopener", as the tree's other new-tab links: every
 * link to the membership page is this one (client/components/MemberLink.test.tsx checks the tree).
 */
export function MemberLink({ children, ...props }: MemberLinkProps) {
  return (
    <a href={MEMBERSHIP_PATH} target="_blank" rel="noopener" {...props}>
      {children}
    </a>
  );
}
