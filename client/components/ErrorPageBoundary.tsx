import { Component, type ReactNode } from 'react';

interface Props {
  /** The fallback text, already translated (the catalogue may be what failed, so it is passed in). */
  fallbackText: string;
  children: ReactNode;
}

/** When the error page itself fails in the browser: a plain line and a link home (docs/specification/shell.md §8). */
export class ErrorPageBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="error-page error-page--fallback">
        <p>{this.props.fallbackText}</p>
        <a href="/">/</a>
      </main>
    );
  }
}
