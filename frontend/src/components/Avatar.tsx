// The children's avatars: twelve pictures drawn here as SVG, on a disc of the chosen colour.
// The set (slugs, labels, colours) is classroom/avatars.json, copied by `make frontend-generated`.
import type { ReactNode } from "react";
import AVATARS from "../generated/avatars.json";

export interface AvatarChoice {
  picture: string;
  colour: string;
}

export const AVATAR_PICTURES: { slug: string; label: string }[] = AVATARS.pictures;
export const AVATAR_COLOURS: { slug: string; label: string; hex: string }[] = AVATARS.colours;

const INK = "#2b2b2b";
const eyes = (y = 18, dx = 5, r = 1.8) => (
  <>
    <circle cx={20 - dx} cy={y} r={r} fill={INK} />
    <circle cx={20 + dx} cy={y} r={r} fill={INK} />
  </>
);
const line = { stroke: INK, strokeWidth: 1.6, strokeLinecap: "round" as const, strokeLinejoin: "round" as const };

const DRAWINGS: Record<string, ReactNode> = {
  cat: (
    <>
      <path d="M9 14 L11 5 L17 11 H23 L29 5 L31 14 V24 Q31 33 20 33 Q9 33 9 24 Z" fill="#fff" {...line} />
      {eyes(19)}
      <path d="M18.5 23 H21.5 L20 25 Z" fill="#e9748b" />
      <path d="M20 25 V26.5 M12 24 H6 M12 26 L7 28 M28 24 H34 M28 26 L33 28" fill="none" {...line} strokeWidth={1.1} />
    </>
  ),
  dog: (
    <>
      <ellipse cx="20" cy="21" rx="10" ry="11" fill="#fff" {...line} />
      <path d="M10 14 Q5 16 7 26 Q10 26 11 20 Z M30 14 Q35 16 33 26 Q30 26 29 20 Z" fill="#8b5e3c" {...line} />
      {eyes(19, 4.5)}
      <ellipse cx="20" cy="25" rx="2.6" ry="1.9" fill={INK} />
      <path d="M20 27 Q20 30 23 29" fill="none" {...line} strokeWidth={1.1} />
    </>
  ),
  owl: (
    <>
      <path d="M9 10 L14 13 Q20 10 26 13 L31 10 V24 Q31 34 20 34 Q9 34 9 24 Z" fill="#b08860" {...line} />
      <circle cx="15" cy="19" r="4.5" fill="#fff" {...line} strokeWidth={1.1} />
      <circle cx="25" cy="19" r="4.5" fill="#fff" {...line} strokeWidth={1.1} />
      {eyes(19, 5, 2)}
      <path d="M18.5 23 L20 26 L21.5 23 Z" fill="#f0a431" />
      <path d="M15 29 Q20 31 25 29" fill="none" {...line} strokeWidth={1.1} />
    </>
  ),
  fox: (
    <>
      <path d="M8 8 L15 14 H25 L32 8 L31 20 L20 33 L9 20 Z" fill="#f08a3c" {...line} />
      <path d="M12 22 L20 33 L28 22 Q20 25 12 22 Z" fill="#fff" />
      {eyes(19, 5)}
      <circle cx="20" cy="30.5" r="1.8" fill={INK} />
    </>
  ),
  frog: (
    <>
      <ellipse cx="20" cy="24" rx="13" ry="9" fill="#5cbf5a" {...line} />
      <circle cx="13" cy="14" r="5" fill="#5cbf5a" {...line} />
      <circle cx="27" cy="14" r="5" fill="#5cbf5a" {...line} />
      <circle cx="13" cy="14" r="2.4" fill="#fff" />
      <circle cx="27" cy="14" r="2.4" fill="#fff" />
      <circle cx="13" cy="14" r="1.4" fill={INK} />
      <circle cx="27" cy="14" r="1.4" fill={INK} />
      <path d="M12 25 Q20 31 28 25" fill="none" {...line} />
    </>
  ),
  bear: (
    <>
      <circle cx="11" cy="11" r="4.5" fill="#a0714f" {...line} />
      <circle cx="29" cy="11" r="4.5" fill="#a0714f" {...line} />
      <circle cx="20" cy="21" r="12" fill="#a0714f" {...line} />
      <ellipse cx="20" cy="25.5" rx="5.5" ry="4.2" fill="#e8cfae" />
      {eyes(18, 5)}
      <ellipse cx="20" cy="23.5" rx="2" ry="1.5" fill={INK} />
    </>
  ),
  rabbit: (
    <>
      <ellipse cx="15" cy="9" rx="3" ry="8" fill="#fff" {...line} />
      <ellipse cx="25" cy="9" rx="3" ry="8" fill="#fff" {...line} />
      <ellipse cx="15" cy="9" rx="1.2" ry="5" fill="#f3a7bb" />
      <ellipse cx="25" cy="9" rx="1.2" ry="5" fill="#f3a7bb" />
      <circle cx="20" cy="24" r="10" fill="#fff" {...line} />
      {eyes(22, 4)}
      <path d="M19 26 H21 L20 27.2 Z" fill="#e9748b" />
    </>
  ),
  penguin: (
    <>
      <ellipse cx="20" cy="21" rx="11" ry="13" fill="#2f3b4a" {...line} />
      <ellipse cx="20" cy="24" rx="7.5" ry="9.5" fill="#fff" />
      <circle cx="17" cy="17" r="1.7" fill={INK} />
      <circle cx="23" cy="17" r="1.7" fill={INK} />
      <circle cx="17" cy="17" r="2.6" fill="none" stroke="#fff" strokeWidth="1" />
      <circle cx="23" cy="17" r="2.6" fill="none" stroke="#fff" strokeWidth="1" />
      <path d="M17.5 20.5 H22.5 L20 23 Z" fill="#f0a431" />
    </>
  ),
  lion: (
    <>
      <circle cx="20" cy="20" r="14" fill="#c77d2b" {...line} />
      <circle cx="20" cy="21" r="9.5" fill="#f5c45e" {...line} />
      {eyes(19, 4)}
      <path d="M18 23 H22 L20 25 Z" fill={INK} />
      <path d="M20 25 Q18 27.5 16.5 26.5 M20 25 Q22 27.5 23.5 26.5" fill="none" {...line} strokeWidth={1.1} />
    </>
  ),
  turtle: (
    <>
      <circle cx="33" cy="21" r="4" fill="#7cc47a" {...line} />
      <path d="M6 26 Q6 11 20 11 Q32 11 32 26 Z" fill="#3f8f4e" {...line} />
      <path d="M12 26 L15 17 H25 L28 26 M15 17 L20 12 L25 17" fill="none" stroke="#a7dca0" strokeWidth="1.3" />
      <rect x="8" y="26" width="5" height="5" rx="2" fill="#7cc47a" {...line} />
      <rect x="25" y="26" width="5" height="5" rx="2" fill="#7cc47a" {...line} />
      <circle cx="34.2" cy="20" r="1" fill={INK} />
    </>
  ),
  fish: (
    <>
      <path d="M6 20 Q16 8 28 20 Q16 32 6 20 Z" fill="#4fa3e0" {...line} />
      <path d="M27 20 L35 13 V27 Z" fill="#4fa3e0" {...line} />
      <circle cx="12.5" cy="18.5" r="1.8" fill={INK} />
      <path d="M17 15 Q20 20 17 25" fill="none" stroke="#fff" strokeWidth="1.3" />
    </>
  ),
  robot: (
    <>
      <path d="M20 5 V10" {...line} />
      <circle cx="20" cy="5" r="2" fill="#e55353" {...line} strokeWidth={1.1} />
      <rect x="9" y="10" width="22" height="19" rx="4" fill="#c9d3dd" {...line} />
      <rect x="13" y="15" width="5" height="5" rx="1" fill="#3ba7d8" {...line} strokeWidth={1.1} />
      <rect x="22" y="15" width="5" height="5" rx="1" fill="#3ba7d8" {...line} strokeWidth={1.1} />
      <path d="M14 24.5 H26" {...line} />
      <path d="M16 24.5 V23 M20 24.5 V23 M24 24.5 V23" {...line} strokeWidth={1} />
      <path d="M9 20 H6 M31 20 H34" {...line} />
    </>
  ),
};

export function avatarLabel(a: AvatarChoice): string {
  const picture = AVATAR_PICTURES.find((p) => p.slug === a.picture)?.label ?? a.picture;
  const colour = AVATAR_COLOURS.find((c) => c.slug === a.colour)?.label ?? a.colour;
  return `${colour} ${picture.toLowerCase()}`;
}

/** One avatar. Decorative by default: the child's name is always written beside it. */
export function Avatar({ avatar, size = 32, label }: { avatar: AvatarChoice | null | undefined; size?: number; label?: string }) {
  if (!avatar || !DRAWINGS[avatar.picture]) return null;
  const hex = AVATAR_COLOURS.find((c) => c.slug === avatar.colour)?.hex ?? "#e5e7eb";
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} className="avatar" data-avatar={avatar.picture} focusable="false" {...a11y}>
      <circle cx="20" cy="20" r="19.5" fill={hex} stroke="#0003" />
      {DRAWINGS[avatar.picture]}
    </svg>
  );
}

/** The avatar stored on the roster (two blank strings: none chosen yet). */
export function avatarFromRoster(row: { avatar?: string; avatar_colour?: string }): AvatarChoice | null {
  return row.avatar && row.avatar_colour ? { picture: row.avatar, colour: row.avatar_colour } : null;
}

/** A name with the avatar before it. */
export function NameTag({ name, avatar, size = 28 }: { name: ReactNode; avatar: AvatarChoice | null | undefined; size?: number }) {
  return (
    <span className="name-tag">
      <Avatar avatar={avatar} size={size} />
      <span className="name-tag-name">{name}</span>
    </span>
  );
}
