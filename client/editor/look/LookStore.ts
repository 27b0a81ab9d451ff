import { makeAutoObservable } from 'mobx';
import type { ThemeName } from '../../../shared/themes';
import type { EditorDeps } from '../EditorDeps';

/** The editor's look: theme, background, typing sound, immersive mode, navigation panel. */
export class LookStore {
  theme: ThemeName = 'default';
  backgroundIndex = -1;
  typingSound = false;
  immersive = false;
  navigationOpen = true;

  constructor(private readonly deps: EditorDeps) {
    makeAutoObservable<LookStore, 'deps'>(this, { deps: false });
  }
}
