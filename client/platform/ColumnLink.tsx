import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MINI_PROGRAM_PAGES } from './miniProgramPages';
import { useMiniProgram } from './useMiniProgram';

interface ColumnLinkProps {
  username: string;
  /** The column's web path, `/@{username}/`. */
  to: string;
  className?: string;
  children: ReactNode;
}

/** A link to an author's column; inside the mini program it opens the mini program's column page. */
export function ColumnLink({ username, to, className, children }: ColumnLinkProps) {
  const miniProgram = useMiniProgram();
  const onClick = miniProgram
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        const href = event.currentTarget.href;
        void miniProgram.open(MINI_PROGRAM_PAGES.column(username)).then((opened) => {
          if (!opened) window.location.assign(href);
        });
      }
    : undefined;
  return (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
