import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/http";
import { ClassLoadFailed, PageLoading } from "./ClassPageStates";

function show(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>);
}

describe("a class page before its data", () => {
  it("says the class was not found for a 404, with the way back", () => {
    show(<ClassLoadFailed error={new ApiError(404, "not_found", "Not found.")} what="the report" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Class not found");
    expect(screen.getByRole("alert").textContent).toBe("We couldn't find that class.");
    expect(screen.getByRole("link", { name: "Back to my classes" }).getAttribute("href")).toBe("/teacher");
  });

  it("names what could not load, and the server's message, for other errors", () => {
    show(<ClassLoadFailed error={new ApiError(503, "unavailable", "The server is busy.")} what="the report" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Could not load the report");
    expect(screen.getByRole("alert").textContent).toBe("The server is busy.");
  });

  it("announces loading as a status", () => {
    show(<PageLoading title="Assignments" text="Loading the assignments…" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Assignments");
    expect(screen.getByRole("status").textContent).toBe("Loading the assignments…");
  });
});
