import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LookToggle } from './LookToggle';

describe('LookToggle', () => {
  it('is pressed and active while on', () => {
    const html = renderToStaticMarkup(
      <LookToggle on className="look-navigation" label="Navigation" title="Navigation" onToggle={() => {}}>
        ☰
      </LookToggle>,
    );
    expect(html).toMatch(
      /^<button type="button" class="look-button look-navigation is-active" style="[^"]+" aria-pressed="true" aria-label="Navigation" title="Navigation">☰<\/button>$/,
    );
  });

  it('is a plain look button while off, with no label or title unless given', () => {
    const html = renderToStaticMarkup(
      <LookToggle on={false} onToggle={() => {}}>
        Typing sound
      </LookToggle>,
    );
    expect(html).toMatch(/^<button type="button" class="look-button" style="[^"]+" aria-pressed="false">Typing sound<\/button>$/);
  });
});
