// The teacher's first-run checklist (issue 32): five steps from a new account to a lesson, each ticked
// from what the teacher's classes hold (GET /api/me/checklist/), with a link to where it is done.
// It goes away once every step is done.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { getChecklist } from "../../api/endpoints";
import type { Checklist, ChecklistKey } from "../../api/types";

/** The checklist's cache key: pages that change a step (a class made) invalidate it. */
export const checklistKey = ["me", "checklist"] as const;

type Step = { label: string; hint: string; to: (classId: number | null) => string | null };

export const CHECKLIST_STEPS: Record<ChecklistKey, Step> = {
  class: { label: "Make a class", hint: "Give it a name; it gets a code for the children.", to: () => "#create-heading" },
  students: {
    label: "Add your students' names",
    hint: "Type or paste them, one a line, or import a CSV file.",
    to: (id) => (id ? `/teacher/classes/${id}#add` : null),
  },
  cards: {
    label: "Print login cards",
    hint: "Each card has the class code, the child's pictures and a QR code.",
    to: (id) => (id ? `/teacher/classes/${id}#cards` : null),
  },
  assign: {
    label: "Assign a game",
    hint: "A new class starts with Four-in-a-Row. Choose a game yourself, or change its dates.",
    to: (id) => (id ? `/teacher/classes/${id}/assignments` : null),
  },
  watch: {
    label: "Watch a lesson",
    hint: "Open Live while the children play: you see every match.",
    to: (id) => (id ? `/teacher/classes/${id}/live` : null),
  },
};

export function FirstRunChecklist() {
  const query = useQuery({ queryKey: checklistKey, queryFn: ({ signal }) => getChecklist(signal) });
  if (!query.data || query.data.all_done) return null;
  return <ChecklistView checklist={query.data} />;
}

export function ChecklistView({ checklist }: { checklist: Checklist }) {
  const done = checklist.steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby="checklist-heading" className="card first-run">
      <h2 id="checklist-heading">Getting started</h2>
      <p className="hint">
        {done} of {checklist.steps.length} steps done. Each step ticks itself off when you have done it.
      </p>
      <ol className="first-run-steps">
        {checklist.steps.map((step) => {
          const about = CHECKLIST_STEPS[step.key];
          const to = about.to(checklist.class_id);
          return (
            <li key={step.key} data-step={step.key} data-done={step.done ? "true" : "false"}>
              <span aria-hidden="true">{step.done ? "✔ " : "○ "}</span>
              {step.done || !to ? (
                <strong>{about.label}</strong>
              ) : to.startsWith("#") ? (
                <a href={to}>{about.label}</a>
              ) : (
                <Link to={to}>{about.label}</Link>
              )}
              <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              {!step.done && <span className="hint"> — {about.hint}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
