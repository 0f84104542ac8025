// The child's home: back to a running match, the open games, challenges, the last games.
import { useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { getCurrentMatch, listMyAssignments, listMyChallenges, listMyMatches } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import type { Challenge } from "../../api/types";
import { useAuth } from "../../auth";
import { Button, FormError, useAction } from "../../components/forms";
import { Page } from "../../components/Page";
import { useGameTitle } from "../../games/catalog";
import { loadError } from "../../lib/queryClient";
import type { MatchMeta } from "../../protocol/messages";
import { AssignmentCard } from "./AssignmentCard";
import { Avatar } from "../../components/Avatar";
import { SoundToggle } from "../../fx/SoundToggle";
import { useClassmates } from "../../lib/useClassmates";
import { History } from "./History";
import { IncomingChallenges } from "./IncomingChallenges";

/** How often challenges and the current match are checked. */
export const CHALLENGE_POLL_MS = 5000;

/** Answered challenges stay in the list for a while (so the sender learns the answer). */
const isPending = (c: Challenge) => (c.status ?? "pending") === "pending";

function BackToMatch({ match }: { match: MatchMeta }) {
  const title = useGameTitle()(match.game);
  return (
    <div className="alert alert-info back-to-match">
      <p className="big-alert">
        {match.status === "lobby" ? `You are waiting for players in ${title}.` : `Your ${title} game is still going!`}
      </p>
      <Link className="btn btn-primary btn-huge" to={`/play/${match.id}`}>
        Back to your match
      </Link>
    </div>
  );
}

export function StudentHome() {
  const { me, signOut } = useAuth();
  const navigate = useNavigate();
  const [challenges, setChallenges] = useState<Challenge[]>([]);
  const [notice, setNotice] = useState("");
  /** Challenges I sent that were still waiting at the last check (or that I just sent), with the
   * number of the check that was under way when I sent them. */
  const sentBefore = useRef(new Map<number, { challenge: Challenge; poll: number }>());
  const polls = useRef(0);

  const signOutAction = useAction(async () => {
    await signOut();
    navigate("/student", { replace: true });
  });

  const assignmentsQuery = useQuery({ queryKey: queryKeys.myAssignments, queryFn: ({ signal }) => listMyAssignments(signal) });
  const historyQuery = useQuery({ queryKey: queryKeys.myMatches, queryFn: ({ signal }) => listMyMatches(signal) });
  const assignments = assignmentsQuery.data ?? null;
  const history = historyQuery.data ?? null;
  const listError = loadError(assignmentsQuery.error ?? historyQuery.error);
  const loadAgain = () => {
    if (assignmentsQuery.isError) void assignmentsQuery.refetch();
    if (historyQuery.isError) void historyQuery.refetch();
  };

  const myId = me?.id ?? null;
  // Challenges and the current match, checked every few seconds (and at once when the tab shows
  // again). Each check also settles the challenges I sent, so it runs here, once per check.
  const check = useQuery({
    queryKey: queryKeys.myChallenges,
    enabled: myId !== null, // who I am decides which challenges are mine
    refetchInterval: CHALLENGE_POLL_MS,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<{ current: MatchMeta | null }> => {
      const poll = ++polls.current;
      const [cm, ch] = await Promise.all([getCurrentMatch(signal), listMyChallenges(signal)]);
      // What became of the challenges I sent that were waiting at the last check. The server
      // lists answered challenges for ten minutes: accepted (with the match) or declined.
      const mine = new Map(ch.filter((c) => c.from_user === myId).map((c) => [c.id, c]));
      const stillWaiting = new Map([...mine].filter(([, c]) => isPending(c)).map(([id, c]) => [id, { challenge: c, poll }]));
      for (const [id, { challenge: before, poll: sentDuring }] of sentBefore.current) {
        const now = mine.get(id);
        if (!now && sentDuring >= poll) {
          // Sent while this check was on its way: the list cannot show it yet.
          stillWaiting.set(id, { challenge: before, poll: sentDuring });
          continue;
        }
        const status = now ? (now.status ?? "pending") : "gone";
        if (status === "pending" || status === "cancelled") continue; // cancelled: I sent a newer one
        if (status === "declined") {
          setNotice(`${before.to_name} said no thanks. Try someone else!`);
          continue;
        }
        // Accepted: I am in that match now. (Gone from the list: an older server; the current
        // match says whether it was accepted.)
        const matchId =
          typeof now?.match === "number"
            ? now.match
            : cm.match && cm.match.kind === "challenge" && cm.match.status === "active"
              ? cm.match.id
              : null;
        if (matchId !== null) {
          navigate(`/play/${matchId}`);
          return { current: cm.match };
        }
        setNotice(`${before.to_name} can't play right now. Try someone else!`);
      }
      sentBefore.current = stillWaiting;
      const notListedYet = [...stillWaiting.values()].map((w) => w.challenge).filter((c) => !mine.has(c.id));
      setChallenges([...notListedYet, ...ch]);
      return { current: cm.match };
    },
  });
  const current = check.data?.current ?? null;
  const classmates = useClassmates();

  if (!me) return null;
  // First sign-in: the child picks an avatar before anything else.
  if (!me.avatar) return <Navigate to="/avatar" replace />;
  const online = [...classmates.values()].filter((c) => c.online && !c.me);
  const incoming = challenges.filter((c) => c.to_user === me.id && isPending(c));
  const sent = challenges.filter((c) => c.from_user === me.id && isPending(c));

  const onChallenged = (c: Challenge) => {
    setNotice("");
    // A new challenge replaces my earlier one for the same game (the server cancels it).
    for (const [id, old] of sentBefore.current) if (old.challenge.assignment === c.assignment) sentBefore.current.delete(id);
    sentBefore.current.set(c.id, { challenge: c, poll: polls.current });
    setChallenges((list) => [c, ...list.filter((x) => !(x.from_user === c.from_user && x.assignment === c.assignment))]);
  };

  return (
    <Page
      title="Home"
      heading={
        <span className="home-heading">
          <Avatar avatar={me.avatar} size={56} />
          <span>Hi {me.name}!</span>
        </span>
      }
      className="student student-home"
    >
      {me.classroom && <p className="lead">Class {me.classroom.name}</p>}
      <p className="home-links">
        <Link className="btn btn-huge" to="/progress">
          My progress
        </Link>
        <Link className="btn btn-huge" to="/stickers">
          My sticker book
        </Link>
        <Link className="btn" to="/avatar">
          Change my picture
        </Link>
        <SoundToggle />
      </p>
      {online.length > 0 && (
        <p className="online-now">
          <span className="online-dot" aria-hidden="true" /> Online now:{" "}
          {online.map((c, i) => (
            <span key={c.user_id} className="online-name">
              <Avatar avatar={c.avatar} size={22} />
              {c.name}
              {i < online.length - 1 ? ", " : ""}
            </span>
          ))}
        </p>
      )}
      {current && <BackToMatch match={current} />}
      <IncomingChallenges challenges={incoming} onAnswered={(id) => setChallenges((list) => list.filter((c) => c.id !== id))} />
      <p className="notice" role="status">
        {notice}
      </p>

      <section aria-labelledby="games-heading">
        <h2 id="games-heading">Your games</h2>
        {listError && !assignments ? (
          <div className="alert alert-error" role="alert">
            <p>{listError.message}</p>
            <Button onClick={loadAgain}>Try again</Button>
          </div>
        ) : !assignments ? (
          <p role="status">Getting your games…</p>
        ) : assignments.length === 0 ? (
          <div className="card games-empty">
            <p>Your teacher has not picked a game yet.</p>
            <p>Ask your teacher, or come back soon.</p>
          </div>
        ) : (
          <ul className="plain-list assignment-list">
            {assignments.map((a) => (
              <AssignmentCard
                key={a.id}
                assignment={a}
                waitingFor={sent.find((c) => c.assignment === a.id)}
                onChallenged={onChallenged}
                classmates={classmates}
              />
            ))}
          </ul>
        )}
      </section>

      {/* With no game and no match yet, "Your last games" has nothing to say. */}
      {history && !(assignments?.length === 0 && history.length === 0) && <History matches={history} />}

      <FormError error={signOutAction.error} />
      <p className="student-footer">
        <Button onClick={() => void signOutAction.run()} busy={signOutAction.busy} busyLabel="Signing out…">
          Sign out
        </Button>
      </p>
    </Page>
  );
}
