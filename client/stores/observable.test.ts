import { isObservableProp } from 'mobx';
import { enableStaticRendering } from 'mobx-react-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { UiStore } from './UiStore';

describe('store observability', () => {
  afterEach(() => enableStaticRendering(false));

  it('makes stores observable in the browser', () => {
    expect(isObservableProp(new UiStore(), 'progress')).toBe(true);
  });

  it('leaves them plain while the server renders, and they still work', () => {
    enableStaticRendering(true);
    const ui = new UiStore();
    expect(isObservableProp(ui, 'progress')).toBe(false);
    ui.failProgress('Broken');
    expect(ui.toJSON()).toMatchObject({ progress: 'error', lastErrorMessage: 'Broken' });
  });
});
