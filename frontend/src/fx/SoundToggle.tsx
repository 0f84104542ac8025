import { useState } from "react";
import { useAuth } from "../auth";
import { deviceSoundsOn, playSound, setDeviceSounds } from "./sounds";

/** The per-device switch. Shown only when the class's teacher allows sounds (class setting). */
export function SoundToggle({ classAllows }: { classAllows?: boolean }) {
  const { me } = useAuth();
  const allowed = classAllows ?? me?.classroom?.sounds ?? false;
  const [on, setOn] = useState(deviceSoundsOn);
  if (!allowed) return null;
  const flip = () => {
    const next = !on;
    setDeviceSounds(next);
    setOn(next);
    if (next) playSound("turn"); // the tap itself unlocks audio on tablets, and says what it sounds like
  };
  return (
    <button type="button" className="btn sound-toggle" aria-pressed={on} onClick={flip}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {on ? (
          <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        ) : (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      Sounds {on ? "on" : "off"}
    </button>
  );
}
