/** A short key click, synthesised (no sound file to load): a damped noise burst through a band-pass. */
export interface ClickPlayer {
  play(): void;
  close(): void;
}

const CLICK_SECONDS = 0.035;

/** Makes the click player; the audio context starts on the first key (a user gesture). */
export function createClickPlayer(): ClickPlayer {
  let context: AudioContext | null = null;
  let noise: AudioBuffer | null = null;
  return {
    play() {
      if (typeof AudioContext === 'undefined') return;
      context ??= new AudioContext();
      noise ??= noiseBuffer(context);
      const source = context.createBufferSource();
      source.buffer = noise;
      const filter = context.createBiquadFilter();
      filter.type = 'bandpass';
      filter.frequency.value = 2400 + Math.random() * 800;
      filter.Q.value = 1.2;
      const gain = context.createGain();
      const now = context.currentTime;
      gain.gain.setValueAtTime(0.35, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + CLICK_SECONDS);
      source.connect(filter).connect(gain).connect(context.destination);
      source.start(now);
      source.stop(now + CLICK_SECONDS);
    },
    close() {
      void context?.close();
      context = null;
      noise = null;
    },
  };
}

function noiseBuffer(context: AudioContext): AudioBuffer {
  const length = Math.ceil(context.sampleRate * CLICK_SECONDS);
  const buffer = context.createBuffer(1, length, context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length);
  return buffer;
}

/** Whether a key press types into the document (not a shortcut, not a key of another control). */
export function typesIntoDocument(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.key.length !== 1 && !['Enter', 'Backspace', 'Delete', 'Tab'].includes(event.key)) return false;
  const target = event.target;
  return typeof HTMLElement !== 'undefined' && target instanceof HTMLElement && target.isContentEditable;
}
