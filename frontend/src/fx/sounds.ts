// Turn, mistake and win sounds, made in the browser with the Web Audio API (no audio files).
// They play only when the teacher allows sounds for the class AND this device has them turned on
// (the toggle, stored in localStorage). Both are off until someone turns them on.

export type SoundName = "turn" | "mistake" | "win" | "line";

const DEVICE_KEY = "mpg.sounds";

export function deviceSoundsOn(): boolean {
  try {
    return window.localStorage.getItem(DEVICE_KEY) === "on";
  } catch {
    return false;
  }
}

export function setDeviceSounds(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(DEVICE_KEY, "on");
    else window.localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Private mode without storage: the toggle simply stays off.
  }
}

/** A note: frequency (Hz), start and length (s) from now, and the wave. */
interface Note {
  hz: number;
  at: number;
  len: number;
  wave: OscillatorType;
}

/** Short, soft phrases: a two-note chime for the turn, a low soft "bwoop" for a mistake (gentle,
 * not a buzzer), a rising arpeggio for a win or a line. */
export const PHRASES: Record<SoundName, Note[]> = {
  turn: [
    { hz: 660, at: 0, len: 0.12, wave: "sine" },
    { hz: 880, at: 0.1, len: 0.18, wave: "sine" },
  ],
  mistake: [
    { hz: 330, at: 0, len: 0.16, wave: "triangle" },
    { hz: 262, at: 0.14, len: 0.22, wave: "triangle" },
  ],
  line: [
    { hz: 523, at: 0, len: 0.1, wave: "triangle" },
    { hz: 784, at: 0.08, len: 0.2, wave: "triangle" },
  ],
  win: [
    { hz: 523, at: 0, len: 0.14, wave: "triangle" },
    { hz: 659, at: 0.12, len: 0.14, wave: "triangle" },
    { hz: 784, at: 0.24, len: 0.14, wave: "triangle" },
    { hz: 1047, at: 0.36, len: 0.4, wave: "triangle" },
  ],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  const Ctor = typeof window !== "undefined" ? window.AudioContext : undefined;
  if (!Ctor) return null;
  context ??= new Ctor();
  if (context.state === "suspended") void context.resume();
  return context;
}

/** Plays a phrase: each note an oscillator through its own gain envelope (quick attack, soft decay). */
export function playSound(name: SoundName): void {
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  for (const note of PHRASES[name]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.wave;
    osc.frequency.value = note.hz;
    const t = start + note.at;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + note.len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + note.len + 0.05);
  }
}

/** Plays the sound if both the class and this device allow it. */
export function maybePlay(name: SoundName, classAllows: boolean): boolean {
  if (!classAllows || !deviceSoundsOn()) return false;
  playSound(name);
  return true;
}
