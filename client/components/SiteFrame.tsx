import type { ReactNode } from 'react';
import { ShareAdapter } from '../platform/ShareAdapter';
import { BrowserNotice } from './BrowserNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { Overlays } from './Overlays';
import { ProgressLine } from './ProgressLine';
import { ReaderTimeZone } from './ReaderTimeZone';

/**
 * What frames every screen, a page (Layout.tsx) and the error screen (RootErrorBoundary.tsx) alike:
 * the global overlays of docs/specification/shell.md §2 (the progress line; sign-in, photo viewer,
 * feedback and payment panel in Overlays.tsx; the share adapter; the reader's time zone), the unsupported-browser notice of
 * docs/specification/content-and-commerce.md §2, the standard header and the footer. One list, so
 * the error screen cannot lose one the pages have.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <ProgressLine />
      <BrowserNotice />
      <Header />
      {children}
      <Footer />
      <Overlays />
      <ShareAdapter />
      <ReaderTimeZone />
    </>
  );
}
