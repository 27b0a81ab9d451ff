import { action, makeObservable, observableRef } from 'mobx';

export interface DialogButton {
  value: string;
  label: string;
  /** The button that stands out (the safe choice). */
  primary?: boolean;
}

export interface OpenDialog {
  id: number;
  title?: string;
  text: string;
  buttons: DialogButton[];
  /** What Escape or a click outside answers. */
  dismissValue: string;
  resolve: (value: string) => void;
}

/**
 * The editor's alert and confirm dialogs (docs/specification/content-and-commerce.md §2: alert dialog; deleting asks for
 * confirmation; loading while modified asks to give up or save first). One shows at a
 * time; later ones wait their turn.
 */
export class DialogStore {
  queue: OpenDialog[] = [];
  private nextId = 1;

  constructor() {
    makeObservable<DialogStore, 'open'>(this, { queue: observableRef, answer: action, open: action });
  }

  get current(): OpenDialog | null {
    return this.queue[0] ?? null;
  }

  alert(text: string, options: { title?: string; ok: string }): Promise<void> {
    return this.open({ text, title: options.title, buttons: [{ value: 'ok', label: options.ok, primary: true }], dismissValue: 'ok' }).then(() => {});
  }

  /** True when the author confirmed. */
  async confirm(text: string, labels: { ok: string; cancel: string }): Promise<boolean> {
    const value = await this.open({
      text,
      buttons: [
        { value: 'cancel', label: labels.cancel },
        { value: 'ok', label: labels.ok, primary: true },
      ],
      dismissValue: 'cancel',
    });
    return value === 'ok';
  }

  /** A question with several answers; Escape answers `dismissValue`. */
  choose<T extends string>(text: string, buttons: (DialogButton & { value: T })[], dismissValue: T, title?: string): Promise<T> {
    return this.open({ text, title, buttons, dismissValue }) as Promise<T>;
  }

  answer(id: number, value: string): void {
    const dialog = this.queue.find((item) => item.id === id);
    if (!dialog) return;
    this.queue = this.queue.filter((item) => item.id !== id);
    dialog.resolve(value);
  }

  private open(dialog: Omit<OpenDialog, 'id' | 'resolve'>): Promise<string> {
    return new Promise((resolve) => {
      this.queue = [...this.queue, { ...dialog, id: this.nextId++, resolve }];
    });
  }
}
