import { isObservableProp } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { storesForServerRendering } from './observable';
import { UiStore } from './UiStore';

describe('store observability', () => {
  afterEach(() => storesForServerRendering(false));

  it('makes stores observable in the browser', () => {
    expect(isObservableProp(new UiStore(), 'progress')).toBe(true);
  });

  it('leaves them plain while the server renders, and they still work', () => {
    storesForServerRendering();
    const ui = new UiStore();
    expect(isObservableProp(ui, 'progress')).toBe(false);
    ui.failProgress('Broken');
    expect(ui.toJSON()).toMatchObject({ progress: 'error', lastErrorMessage: 'Broken' });
  });
});
