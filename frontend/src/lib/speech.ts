// Reading text aloud with the browser's speechSynthesis (nothing is fetched), and the child's own
// "Read to me" choice, kept in this browser's localStorage per signed-in user (like the Sounds
// switch, fx/sounds.ts, but per child: classmates share tablets). Off until the child turns it on.

const KEY_PREFIX = "mpg.readAloud.";

function synth(): SpeechSynthesis | null {
  if (typeof window === "undefined") return null;
  const s = (window as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  return s && typeof window.SpeechSynthesisUtterance === "function" ? s : null;
}

/** True when this browser can speak (the "Read to me" switch is hidden otherwise). */
export function canSpeak(): boolean {
  return synth() !== null;
}

/** Says `text`, cutting off whatever was being said. */
export function speak(text: string, lang = "en"): void {
  const s = synth();
  if (!s) return;
  s.cancel();
  const u = new window.SpeechSynthesisUtterance(text);
  u.lang = lang;
  u.rate = 0.9; // a little slower than usual, for young listeners
  s.speak(u);
}

/** Stops speaking. */
export function stopSpeaking(): void {
  synth()?.cancel();
}

/** The storage key of one user's choice ("guest" when nobody is signed in). */
export function readAloudKey(userId: number | null | undefined): string {
  return `${KEY_PREFIX}${userId ?? "guest"}`;
}

export function readAloudOn(userId: number | null | undefined): boolean {
  try {
    return window.localStorage.getItem(readAloudKey(userId)) === "on";
  } catch {
    return false;
  }
}

export function setReadAloud(userId: number | null | undefined, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(readAloudKey(userId), "on");
    else window.localStorage.removeItem(readAloudKey(userId));
  } catch {
    // Private mode without storage: the switch simply stays off next time.
  }
}
