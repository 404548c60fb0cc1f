"""The documents a newcomer reads: a short README with no path outside the repository, every
docs/ page reachable from it, every link landing on a file of the repository, the project's
own copies of the specifications it implements, and the deployment files docs/deploy.md
describes (compose never runs two bots on one token; the image says when it cannot write its
data folder)."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from tests.spec_copies import COPIES, adapt

README = REPO_ROOT / "README.md"
DOCS = REPO_ROOT / "docs"
#: Where the specifications live beside a clone (absent for whoever clones the repository).
SPECS = REPO_ROOT.parent / "shared"
#: A Markdown link or image, or an HTML src/href.
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|(?:src|href)=\"([^\"]+)\"")
#: A path that leads out of the repository or to the specifications beside it.
OUTSIDE = re.compile(r"\.\./shared|/work/|\bshared/|\bpeer/")


def pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def links(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code holds no links
    text = re.sub(r"`[^`\n]*`", "", text)
    return [a or b for a, b in LINK.findall(text)]


def local_target(page: Path, link: str) -> Path | None:
    """The file a relative link points at, or None for a web address or an anchor."""
    if re.match(r"https?://", link):
        return None
    if link.startswith("#"):
        return page.resolve()
    return (page.parent / link.split("#", 1)[0]).resolve()


def test_the_readme_is_short_and_has_no_path_outside_the_repository() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200, "README.md: move the details into docs/"
    assert "../" not in text
    assert not OUTSIDE.search(text), OUTSIDE.search(text)
    assert not re.search(r"\bissue \d+", text, re.I)


def test_the_readme_gives_the_two_commands_first() -> None:
    """Install-and-run, then install-and-test (.ci/run runs the same test command)."""
    text = README.read_text(encoding="utf-8")
    run = ".venv/bin/pip install -c constraints.txt -e . && .venv/bin/python -m bot"
    test = ".venv/bin/pip install -c constraints.txt -e '.[dev]' && .venv/bin/python -m pytest"
    assert run in text and test in text
    assert text.index(run) < text.index(test) < text.index("\n## ")
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -q -c constraints.txt -e '.[dev]'" in ci and "python -m pytest" in ci


def test_every_link_lands_on_a_file_of_the_repository() -> None:
    bad = []
    for page in pages():
        for link in links(page):
            if link.startswith(("mailto:", "http:")) or link.startswith("//"):
                bad.append((page.name, link))  # only https and the repository's own files
                continue
            target = local_target(page, link)
            if target is None:
                continue
            anchor = link.partition("#")[2]
            if not target.is_relative_to(REPO_ROOT) or not target.exists():
                bad.append((page.name, link))
            elif anchor and target.suffix == ".md" and anchor not in anchors(target):
                bad.append((page.name, link))  # a heading renamed
    assert not bad


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces
    as hyphens, a repeated heading numbered)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in page.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{1,6} (.*)", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
            seen[slug] = seen.get(slug, 0) + 1
    return found


def test_every_docs_page_is_linked_from_the_readme_or_another_page() -> None:
    reached, todo = {README.resolve()}, [README]
    while todo:
        page = todo.pop()
        for link in links(page):
            target = local_target(page, link)
            if target is not None and target.suffix == ".md" and target not in reached:
                reached.add(target)
                if target.exists():
                    todo.append(target)
    unlinked = [p.name for p in DOCS.glob("*.md") if p.resolve() not in reached]
    assert not unlinked


def test_no_document_or_code_needs_a_path_outside_the_repository() -> None:
    """Only the shared scenarios' test (tests/conftest.py, SHARED_SCENARIOS) and the copies'
    check below read beside the clone."""
    allowed = {REPO_ROOT / "tests/conftest.py", Path(__file__).resolve()}
    found = []
    for folder in ("bot", "cogs", "tests", "docs"):
        for path in (REPO_ROOT / folder).rglob("*"):
            if path.suffix not in {".py", ".md", ".ftl", ".js", ".html", ".json"}:
                continue
            if path in allowed or "__pycache__" in path.parts:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if OUTSIDE.search(line):
                    found.append(f"{path.relative_to(REPO_ROOT)}:{n}: {line.strip()}")
    assert not found


@pytest.mark.parametrize("page", sorted(COPIES))
def test_the_specification_copies_still_match_the_specifications(page: str) -> None:
    """docs/fairness-spec.md and docs/scenarios.md are the specifications' text with their
    links changed (tests/spec_copies.py); skipped where the specifications are absent."""
    name, replacements = COPIES[page]
    spec = SPECS / name
    if not spec.is_file():
        pytest.skip(f"{spec} is absent")
    copy = (REPO_ROOT / page).read_text(encoding="utf-8")
    assert adapt(spec.read_text(encoding="utf-8"), replacements).strip() in copy


def test_the_rules_are_the_projects_own_and_complete() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for heading in ("## 1. Cards", "## 2. Brelan", "## 3. Bouillotte", "## 4. Three-card Brag"):
        assert heading in text
    assert "## Clarifications" in text and "## 5. Worked examples" in text
    from bot.games.options import parse_options

    for game in ("brelan", "bouillotte", "brag"):
        for option in parse_options(game).to_dict():
            assert f"`{option}`" in text, (game, option)


def test_the_invite_links_in_the_docs_are_the_one_the_bot_prints() -> None:
    """README.md and docs/deploy.md show the link of ``bot.ops.invite_url`` (its permissions
    derived from what the bot uses): a change of those permissions changes both pages."""
    from bot.ops import invite_url

    printed = invite_url(123).replace("123", "CLIENT_ID")
    for page in (README, DOCS / "deploy.md"):
        shown = re.findall(r"https://discord\.com/oauth2/authorize\S*", page.read_text())
        assert shown and set(shown) == {printed}, page.name


# -- compose and the image --------------------------------------------------------------------


def compose_services(path: Path) -> dict[str, dict[str, object]]:
    """The services of a compose file, as far as this test reads them: each one's profiles,
    image, command, and environment (compose.yaml is plain YAML: two-space indents, inline
    lists, no anchors)."""
    services: dict[str, dict[str, object]] = {}
    current: dict[str, object] | None = None
    in_services = in_env = False
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split(" #", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        indent = len(line) - len(line.lstrip())
        key, _, value = line.strip().partition(":")
        value = value.strip()
        if indent == 0:
            in_services, current = key == "services", None
        elif in_services and indent == 2:
            current = services.setdefault(key, {"profiles": [], "environment": {}})
            in_env = False
        elif current is not None and indent == 4:
            assert key != "<<", "no anchors: this test reads each service as written"
            in_env = key == "environment"
            if key == "profiles":
                current["profiles"] = [p.strip() for p in value.strip("[]").split(",")]
            elif value:
                current[key] = value
        elif current is not None and in_env and indent == 6:
            env = current["environment"]
            assert isinstance(env, dict)
            env[key] = value.strip('"')
    return services


def bots(services: dict[str, dict[str, object]], profiles: set[str]) -> dict[str, str]:
    """The bot processes a `docker compose up` with these profiles starts: name -> shards."""
    running = {}
    for name, service in services.items():
        wanted = service["profiles"]
        assert isinstance(wanted, list)
        if wanted and not set(wanted) & profiles:
            continue
        if service.get("image") != "salon-bot" or "bot.web" in str(service.get("command", "")):
            continue  # PostgreSQL, Caddy, the read-only pages
        env = service["environment"]
        assert isinstance(env, dict)
        running[name] = f"{env.get('SHARD_COUNT', '')}/{env.get('SHARD_IDS', '')}"
    return running


@pytest.mark.parametrize("name", ["compose.yaml", "compose.cluster.yaml"])
def test_no_compose_profile_runs_two_bots_on_one_token(name: str) -> None:
    """Two processes on one token answer every click twice: whatever profiles are asked, a
    compose file starts one bot holding every shard, or bots on disjoint shards."""
    services = compose_services(REPO_ROOT / name)
    assert services
    declared = {p for s in services.values() for p in s["profiles"]}  # type: ignore[attr-defined]
    for n in range(len(declared) + 1):
        for chosen in itertools.combinations(sorted(declared), n):
            running = bots(services, set(chosen))
            assert running, (name, chosen)
            if len(running) == 1:
                continue
            shards = [s.split("/") for s in running.values()]
            assert all(count and ids for count, ids in shards), (name, chosen, running)
            assert len({count for count, _ in shards}) == 1, running
            ids = [i for _, group in shards for i in group.split(",")]
            assert len(ids) == len(set(ids)), (name, chosen, running)


def test_the_two_compose_files_are_one_project_and_the_docs_remove_the_other_bot() -> None:
    """compose.yaml's bot and compose.cluster.yaml's clusters are one compose project, so
    `--remove-orphans` (in the documented commands) stops the other set."""
    for name in ("compose.yaml", "compose.cluster.yaml"):
        assert "\nname: salon\n" in (REPO_ROOT / name).read_text(encoding="utf-8")
    assert bots(compose_services(REPO_ROOT / "compose.yaml"), set()) == {"bot": "/"}
    deploy = (DOCS / "deploy.md").read_text(encoding="utf-8")
    assert "docker compose -f compose.cluster.yaml up -d --build --remove-orphans" in deploy
    assert "docker compose up -d --build --remove-orphans" in deploy


ENTRYPOINT = REPO_ROOT / "docker-entrypoint.sh"


def entrypoint(
    tmp_path: Path, data: Path, *, as_uid: int | None = None
) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "entrypoint.sh"  # where any user may read it
    shutil.copy(ENTRYPOINT, script)
    script.chmod(0o755)
    command = ["/bin/sh", str(script), "/bin/echo", "the bot starts"]
    if as_uid is not None:
        command = ["setpriv", f"--reuid={as_uid}", f"--regid={as_uid}", "--clear-groups", *command]
    env = {**os.environ, "SALON_DATA_DIR": str(data)}
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=10)


def test_the_image_starts_the_bot_through_its_data_folder_check() -> None:
    lines = [line.strip() for line in (REPO_ROOT / "Dockerfile").read_text().splitlines()]
    assert 'ENTRYPOINT ["sh", "/app/docker-entrypoint.sh"]' in lines
    assert "COPY docker-entrypoint.sh /app/" in lines
    assert lines.index('CMD ["python", "-m", "bot"]') > lines.index("USER salon")


def test_a_writable_data_folder_starts_the_command(tmp_path: Path) -> None:
    out = entrypoint(tmp_path, tmp_path / "data")
    assert out.returncode == 0 and out.stdout == "the bot starts\n" and not out.stderr
    assert list((tmp_path / "data").iterdir()) == []  # its probe is gone


def test_a_data_folder_the_user_cannot_write_is_said_in_words(tmp_path: Path) -> None:
    """A host folder mounted on /data belongs to root, and the image's user is uid 10001: the
    container stops with what to do, and the bot does not start."""
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("setpriv is needed to run the check as the image's user")
        base = Path(tempfile.mkdtemp())  # pytest's own folders are closed to other users
        try:
            base.chmod(0o755)
            (base / "data").mkdir()
            out = entrypoint(base, base / "data", as_uid=10001)
        finally:
            shutil.rmtree(base)
    else:
        (tmp_path / "data").mkdir(mode=0o500)
        out = entrypoint(tmp_path, tmp_path / "data")
    assert out.returncode == 1 and "the bot starts" not in out.stdout
    assert "cannot write its data folder" in out.stderr
    assert "chown -R 10001:10001" in out.stderr and out.stderr.count("\n") == 1
