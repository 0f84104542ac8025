import { Link } from "react-router-dom";

type Current = "roster" | "assignments" | "live" | "reports";

/** The class's pages: students, assignments, live, reports. The current one is marked for screen readers. */
export function ClassNav({ classId, current }: { classId: number; current: Current }) {
  const items: { key: Current; to: string; label: string }[] = [
    { key: "roster", to: `/teacher/classes/${classId}`, label: "Students" },
    { key: "assignments", to: `/teacher/classes/${classId}/assignments`, label: "Assignments" },
    { key: "live", to: `/teacher/classes/${classId}/live`, label: "Live" },
    { key: "reports", to: `/teacher/classes/${classId}/reports`, label: "Reports" },
  ];
  return (
    <nav aria-label="This class" className="class-nav">
      <Link to="/teacher" className="class-nav-back">
        ← My classes
      </Link>
      <ul>
        {items.map((i) => (
          <li key={i.key}>
            <Link to={i.to} className={`btn ${i.key === current ? "btn-current" : ""}`} aria-current={i.key === current ? "page" : undefined}>
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
