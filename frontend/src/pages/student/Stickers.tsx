// The sticker book (/stickers): a sticker for each fact the child has mastered, an empty place for
// each one still to earn. "Mastered" is the reports' definition (games/reports/mastery.py), read
// from the same API as the progress page (GET /api/my/progress/).
import { Link } from "react-router-dom";
import { Button } from "../../components/forms";
import { Page } from "../../components/Page";
import { factSpoken } from "../../reports/format";
import { useMyProgress } from "./useMyProgress";

/** The facts a sticker can be earned for: 2 × 2 to 12 × 12, smaller factor first (as the reports count them). */
export const STICKER_FACTS: [number, number][] = [];
for (let a = 2; a <= 12; a++) for (let b = a; b <= 12; b++) STICKER_FACTS.push([a, b]);

const TABLE_COLOURS = ["#fca5a5", "#fdba74", "#fde047", "#86efac", "#5eead4", "#93c5fd", "#c4b5fd", "#f9a8d4", "#fcd34d", "#a5b4fc", "#6ee7b7"];
const SHAPES = ["star", "heart", "flower", "sun"] as const;

function StickerShape({ shape, colour }: { shape: (typeof SHAPES)[number]; colour: string }) {
  switch (shape) {
    case "star":
      return <polygon points="30,3 37,21 57,22 41,34 47,54 30,43 13,54 19,34 3,22 23,21" fill={colour} stroke="#0005" strokeWidth="1.5" />;
    case "heart":
      return <path d="M30 54 C8 38 4 26 10 16 C16 7 27 9 30 17 C33 9 44 7 50 16 C56 26 52 38 30 54 Z" fill={colour} stroke="#0005" strokeWidth="1.5" />;
    case "flower":
      return (
        <g stroke="#0005" strokeWidth="1.5">
          {[0, 72, 144, 216, 288].map((r) => (
            <ellipse key={r} cx="30" cy="15" rx="10" ry="13" fill={colour} transform={`rotate(${r} 30 30)`} />
          ))}
          <circle cx="30" cy="30" r="11" fill="#fff7" />
        </g>
      );
    case "sun":
      return (
        <g stroke="#0005" strokeWidth="1.5">
          <polygon points="30,1 35,12 47,7 44,19 57,22 47,31 55,41 42,42 42,55 30,48 18,55 18,42 5,41 13,31 3,22 16,19 13,7 25,12" fill={colour} />
        </g>
      );
  }
}

export function Sticker({ a, b, earned }: { a: number; b: number; earned: boolean }) {
  const shape = SHAPES[(a + b) % SHAPES.length]!;
  const colour = TABLE_COLOURS[(a - 2) % TABLE_COLOURS.length]!;
  return (
    <li className={`sticker ${earned ? "sticker-earned" : "sticker-empty"}`}>
      <svg viewBox="0 0 60 60" width="60" height="60" aria-hidden="true" focusable="false">
        {earned ? <StickerShape shape={shape} colour={colour} /> : <circle cx="30" cy="30" r="26" fill="none" stroke="#cbd5e1" strokeWidth="2" strokeDasharray="4 4" />}
      </svg>
      <span className="sticker-fact" aria-hidden="true">
        {a}×{b}
      </span>
      <span className="sr-only">
        {factSpoken(a, b)}: {earned ? "sticker earned" : "not yet"}
      </span>
    </li>
  );
}

export function StickerBookPage() {
  const { query, error } = useMyProgress();
  const mastered = new Set((query.data?.mastered ?? []).map(([a, b]) => `${Math.min(a, b)}x${Math.max(a, b)}`));
  return (
    <Page title="My sticker book" className="student sticker-page">
      <p>
        <Link className="btn" to="/home">
          ← Back to my games
        </Link>
      </p>
      <p className="lead">
        You get a sticker for each fact you know well.
      </p>
      {error && (
        <div className="alert alert-error" role="alert">
          <p>We couldn't load your stickers. {error.message}</p>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      )}
      {!query.data && !error && <p role="status">Getting your stickers…</p>}
      {query.data && (
        <>
          <p className="sticker-count">
            {mastered.size === 0
              ? "Play a game to earn your first sticker!"
              : `You have ${mastered.size} ${mastered.size === 1 ? "sticker" : "stickers"}. Well done!`}
          </p>
          {Array.from({ length: 11 }, (_, i) => i + 2).map((a) => (
            <section key={a} className="sticker-page-row" aria-labelledby={`stickers-${a}`}>
              <h2 id={`stickers-${a}`} className="sticker-table">
                The {a} times table
              </h2>
              <ul className="sticker-grid">
                {STICKER_FACTS.filter(([x]) => x === a).map(([x, y]) => (
                  <Sticker key={`${x}x${y}`} a={x} b={y} earned={mastered.has(`${x}x${y}`)} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </Page>
  );
}
