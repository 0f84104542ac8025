import { acceptChallenge, declineChallenge } from "../../api/endpoints";
import type { Challenge } from "../../api/types";
import { Avatar } from "../../components/Avatar";
import { Button, FormError, useAction } from "../../components/forms";
import { useClassmates } from "../../lib/useClassmates";
import { useGameTitle } from "../../games/catalog";
import { useGoToMatch } from "./useGoToMatch";

function IncomingChallenge({ challenge: c, onAnswered }: { challenge: Challenge; onAnswered: (id: number) => void }) {
  const goToMatch = useGoToMatch();
  const classmates = useClassmates();
  const gameTitle = useGameTitle();
  const answer = useAction(async (accept: boolean) => {
    if (!accept) {
      await declineChallenge(c.id);
      onAnswered(c.id);
      return;
    }
    await goToMatch(async () => (await acceptChallenge(c.id)).match ?? null);
  });
  return (
    <li className="card challenge-card">
      <p className="challenge-text">
        <Avatar avatar={classmates.get(c.from_user)?.avatar} size={40} /> <strong>{c.from_name}</strong> wants to play <strong>{gameTitle(c.game)}</strong> with you!
      </p>
      <div className="actions">
        <Button variant="primary" className="btn-huge" disabled={answer.busy} onClick={() => void answer.run(true)}>
          Accept
        </Button>
        <Button className="btn-huge" disabled={answer.busy} onClick={() => void answer.run(false)}>
          No thanks
        </Button>
      </div>
      <FormError error={answer.error} />
    </li>
  );
}

/** Challenges other children sent to this one. */
export function IncomingChallenges({ challenges, onAnswered }: { challenges: Challenge[]; onAnswered: (id: number) => void }) {
  if (challenges.length === 0) return null;
  return (
    <section aria-labelledby="challenges-heading" className="challenges">
      <h2 id="challenges-heading">Someone wants to play!</h2>
      <ul className="plain-list">
        {challenges.map((c) => (
          <IncomingChallenge key={c.id} challenge={c} onAnswered={onAnswered} />
        ))}
      </ul>
    </section>
  );
}
