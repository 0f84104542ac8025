"""Every path a doc or a docstring names exists (docs/development.md, *Docs*).

Read: README.md, frontend/README.md, docs/*.md, the Python and TypeScript sources (api, bench, classroom,
config, games, tests, frontend/src), and the comments of the build files (Makefile, Dockerfile,
docker-compose.yml, deploy/nginx.conf, .ci/run, pyproject.toml: their other lines name files they make).
Generated files (frontend/src/api/schema.d.ts, frontend/openapi.json) are not read.

Checked:
- a repository path named in the text: a token such as `games/realtime/move_path.py`, `docs/games.md`,
  `deploy/nginx.conf` or `tests/e2e/`, whose first part is a top-level entry of the repository (a name in
  `git ls-files`: `games`, `docs`, `README.md`, ...) and that has a file extension or ends in "/". So
  `/api/classes/`, `/teacher` and `http://127.0.0.1:8000/student` are never taken for one. A path
  is found from the repository's root, from the naming file's folder, or, in the frontend's files, from
  frontend/src; a path git ignores (a build's output) is not checked;
- a Markdown link `[text](relative/path)` in a doc, relative to the doc, and its `#anchor` when it points
  at a Markdown file (GitHub's heading slugs);
- a cited section: `docs/games.md section 3` needs a heading "3. ..." there, and
  `docs/engine-contract.md, "Views"` (with or without the comma) a heading that contains the quoted words.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

DOCS = ["README.md", "frontend/README.md", "docs/*.md"]
SOURCE_DIRS = ["api", "bench", "classroom", "config", "games", "tests", "frontend/src"]
SOURCE_SUFFIXES = {".py", ".ts", ".tsx"}
COMMENTED_FILES = ["Makefile", "Dockerfile", "docker-compose.yml", "deploy/nginx.conf", ".ci/run", "pyproject.toml"]
SKIPPED_PARTS = {"node_modules", ".venv", "__pycache__", "dist"}
GENERATED = {"frontend/src/api/schema.d.ts", "frontend/openapi.json"}
# Stale paths in files this change could not touch, each (file, path): remove an entry once its file is
# fixed (the test fails while an entry is no longer needed).
KNOWN_STALE: set[tuple[str, str]] = set()  # (file, path) a doc names wrongly and is to be fixed: none now

# A path-like token: not inside a longer path or word (so "/api/classes/" yields nothing, nor does the
# "view.ts" of "<slug>/view.ts"), made of path characters.
TOKEN = re.compile(r"(?<![\w./\-~:@$<>{}])[A-Za-z0-9_.][\w.\-]*(?:/[\w.\-]+)*/?")
MD_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
SECTION = re.compile(r"(docs/[\w\-]+\.md),?\s+section\s+(\d+)")
QUOTED = re.compile(r"(docs/[\w\-]+\.md),?\s+\"([^\"\n]+)\"")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Problem:
    where: str  # "docs/games.md:12"
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


@cache
def repository_files() -> frozenset[str]:
    """The files git tracks or would track (untracked but not ignored), that exist now."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                             cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("git is needed to list the repository's files")
    names = (name for name in out.decode("utf-8").split("\0") if name)
    return frozenset(name for name in names if (ROOT / name).is_file())


@cache
def repository_dirs() -> frozenset[str]:
    dirs = set()
    for name in repository_files():
        parts = name.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    return frozenset(dirs)


@cache
def top_level() -> frozenset[str]:
    return frozenset(name.split("/")[0] for name in repository_files())


def exists(path: str) -> bool:
    path = path.rstrip("/")
    return path in repository_files() or path in repository_dirs()


def ignored(path: str) -> bool:
    """Whether git ignores the path (frontend/dist/..., var/...): what a build or a run makes."""
    return subprocess.run(["git", "check-ignore", "--no-index", "-q", path], cwd=ROOT).returncode == 0


def found(path: str, where: str) -> bool:
    """The path exists from the root, from the naming file's folder, or (a frontend file) from frontend/src."""
    folder = str(Path(where).parent)
    bases = ["", f"{folder}/"] + (["frontend/src/", "frontend/"] if where.startswith("frontend/") else [])
    return any(exists(base + path) for base in bases) or ignored(path)


def named_paths(text: str, top: frozenset[str]) -> list[tuple[int, str]]:
    """(line, path) for every repository path the text names."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in TOKEN.finditer(line):
            token = match.group(0).rstrip(".")  # a sentence's full stop
            if token.endswith("/."):
                token = token[:-1]
            first = token.split("/")[0]
            if first not in top or first in {".", ".."}:
                continue
            last = token.rstrip("/").split("/")[-1]
            if token.endswith("/") or ("." in last.lstrip(".") and not last.endswith(".")):
                found.append((number, token))
    return found


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text without markup, lower case, punctuation dropped,
    spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def headings(path: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """A Markdown file's headings and their anchors (a repeated one gets -1, -2, ...)."""
    texts, anchors, seen = [], set(), {}
    fenced = False
    for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            text = match.group(2)
            texts.append(text)
            base = slug(text)
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchors.add(base if count == 0 else f"{base}-{count}")
    return tuple(texts), frozenset(anchors)


def link_problems(doc: str, text: str) -> list[Problem]:
    problems = []
    base = (ROOT / doc).parent
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        for match in MD_LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.\-]*:", target) or target.startswith("/"):
                continue  # a URL (http:, mailto:) or a path of the site, not of the repository
            path_part, _, anchor = target.partition("#")
            if path_part:
                resolved = (base / path_part).resolve()
                try:
                    relative = resolved.relative_to(ROOT).as_posix()
                except ValueError:
                    problems.append(Problem(f"{doc}:{number}", f"links outside the repository: {target}"))
                    continue
                if not exists(relative):
                    problems.append(Problem(f"{doc}:{number}", f"links to a missing path: {target}"))
                    continue
            else:
                relative = doc
            if anchor and relative.endswith(".md") and anchor not in headings(relative)[1]:
                problems.append(Problem(f"{doc}:{number}", f"links to a missing section: {target}"))
    return problems


def citation_problems(where: str, text: str) -> list[Problem]:
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in SECTION.finditer(line):
            doc, section = match.groups()
            if exists(doc) and not any(re.match(rf"{section}\.\s", h) for h in headings(doc)[0]):
                problems.append(Problem(f"{where}:{number}", f"cites a missing section: {doc} section {section}"))
        for match in QUOTED.finditer(line):
            doc, title = match.groups()
            if exists(doc) and not any(title.lower() in h.lower() for h in headings(doc)[0]):
                problems.append(Problem(f"{where}:{number}", f'cites a missing section: {doc} "{title}"'))
    return problems


def path_problems(where: str, text: str) -> list[Problem]:
    return [Problem(f"{where}:{line}", f"names a missing path: {path}")
            for line, path in named_paths(text, top_level()) if not found(path, where)]


def comments_only(text: str) -> str:
    """The comment lines of a build file, the others left empty (so line numbers hold)."""
    return "\n".join(line if line.lstrip().startswith("#") else "" for line in text.splitlines())


def files_to_read() -> tuple[list[str], list[str], list[str]]:
    """(docs, sources, build files), as repository paths."""
    docs = sorted({p.relative_to(ROOT).as_posix() for pattern in DOCS for p in ROOT.glob(pattern)})
    sources = []
    for folder in SOURCE_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if (path.suffix in SOURCE_SUFFIXES and path.is_file() and relative not in GENERATED
                    and not SKIPPED_PARTS.intersection(path.relative_to(ROOT).parts)):
                sources.append(relative)
    build_files = [name for name in COMMENTED_FILES if (ROOT / name).is_file()]
    return docs, sources, build_files


def all_problems() -> list[Problem]:
    docs, sources, build_files = files_to_read()
    problems = []
    for name in docs:
        text = (ROOT / name).read_text(encoding="utf-8")
        problems += path_problems(name, text) + link_problems(name, text) + citation_problems(name, text)
    for name in sources:
        text = (ROOT / name).read_text(encoding="utf-8")
        problems += path_problems(name, text) + citation_problems(name, text)
    for name in build_files:
        text = comments_only((ROOT / name).read_text(encoding="utf-8"))
        problems += path_problems(name, text) + citation_problems(name, text)
    return problems


def test_every_named_path_exists():
    problems = all_problems()
    known = {f"{file}: names a missing path: {path}" for file, path in KNOWN_STALE}
    unexpected = [p for p in problems if f"{p.where.split(':')[0]}: {p.what}" not in known]
    assert not unexpected, "Docs and sources name what is not there:\n" + "\n".join(map(str, unexpected))
    still_stale = {f"{p.where.split(':')[0]}: {p.what}" for p in problems}
    fixed = sorted(known - still_stale)
    assert not fixed, "Fixed: remove from KNOWN_STALE:\n" + "\n".join(fixed)


def test_the_docs_and_sources_are_read():
    docs, sources, build_files = files_to_read()
    assert {"README.md", "docs/games.md", "docs/engine-contract.md", "docs/benchmarks.md"} <= set(docs)
    assert {"games/engines/base.py", "frontend/src/protocol/messages.ts", "tests/e2e/screenshots.py"} <= set(sources)
    assert {"Makefile", "docker-compose.yml", "deploy/nginx.conf"} <= set(build_files)
    assert not GENERATED & set(sources)
    assert not any("node_modules" in name for name in sources)


# --- the checker itself ---------------------------------------------------------------------------------
# The made-up paths below are split in two ("docs/" "example.md") so that this file, which the scan reads
# too, names none of them.

TOP = frozenset({"games", "docs", "deploy", "tests", "bench", "README.md", "api", "frontend"})
EXAMPLE = "docs/" "example.md"
GAMES = "docs/" "games.md"


def test_it_finds_repository_paths():
    text = ("See `games/realtime/move_path.py` and docs/games.md, deploy/nginx.conf, bench/ws_latency.py;\n"
            "the browser tests in tests/e2e/test_first_hour.py and the folder tests/e2e/. README.md.")
    assert [path for _, path in named_paths(text, TOP)] == [
        "games/realtime/move_path.py", "docs/games.md", "deploy/nginx.conf", "bench/ws_latency.py",
        "tests/e2e/test_first_hour.py", "tests/e2e/", "README.md"]


def test_a_frontend_file_may_name_paths_from_frontend_src():
    hints = "games/" "hints.ts"
    assert found(hints, "frontend/src/games/fultiples/Board.tsx")
    assert not found(hints, "docs/games.md")
    assert found("frontend/dist/index.html", "Makefile")  # ignored by git: a build's output


def test_it_leaves_urls_modules_and_words_alone():
    text = ("GET /api/classes/ and /teacher, http://127.0.0.1:8000/student, `POST /api/matches/<id>/actions/`,\n"
            "the module games.services.moves, the games of a class, frontend/src/games/<slug>/view.ts,\n"
            "docs (a word), var/db.sqlite3 (not a top-level entry here), e.g. and i.e., 2.5 s, api/v1")
    assert [path for _, path in named_paths(text, TOP)] == ["frontend/src/games/"]


def test_a_missing_path_is_reported_with_its_line():
    missing = "games/realtime/" "no_such_module.py"
    problems = [str(p) for p in path_problems(EXAMPLE, f"Fine: docs/games.md\nGone: {missing}\n")]
    assert problems == [f"{EXAMPLE}:2: names a missing path: {missing}"]


def test_links_and_anchors_are_checked():
    text = ("[rules](games.md#1-fultiples) [kinds](games.md#attempt-kinds) [top](../README.md)\n"
            "[gone](no-such-page.md) [bad anchor](games.md#no-such-section) [web](https://example.org/x.md)\n"
            "[site](/teacher) [out](../../elsewhere.md)\n")
    problems = [str(p) for p in link_problems(EXAMPLE, text)]
    assert problems == [
        f"{EXAMPLE}:2: links to a missing path: no-such-page.md",
        f"{EXAMPLE}:2: links to a missing section: games.md#no-such-section",
        f"{EXAMPLE}:3: links outside the repository: ../../elsewhere.md",
    ]


def test_cited_sections_are_checked():
    text = (f'docs/games.md section 1, {GAMES} section 9, docs/engine-contract.md, "Setup options",\n'
            f'docs/engine-contract.md "On the wire", {GAMES}, "No such heading"\n')
    problems = [str(p) for p in citation_problems("a source", text)]
    assert problems == [
        f"a source:1: cites a missing section: {GAMES} section 9",
        f'a source:2: cites a missing section: {GAMES} "No such heading"',
    ]


@pytest.mark.parametrize(("heading", "anchor"), [
    ("1. Fultiples", "1-fultiples"),
    ("2. Four-in-a-Row Multiplication", "2-four-in-a-row-multiplication"),
    ("Children's sign-in counts failures, not successes", "childrens-sign-in-counts-failures-not-successes"),
    ("On one machine: `make run`", "on-one-machine-make-run"),
    ("Game definitions: a game's options in one place", "game-definitions-a-games-options-in-one-place"),
])
def test_anchors_are_githubs(heading, anchor):
    assert slug(heading) == anchor
