"""Layer boundaries: the rules engine and storage never import discord."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_engine_and_storage_never_import_discord() -> None:
    for package in ("bot/games", "bot/storage"):
        for path in sorted((ROOT / package).rglob("*.py")):
            bad = {m for m in imported_modules(path) if m.split(".")[0] == "discord"}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_engine_imports_without_discord_loaded() -> None:
    code = (
        "import sys, bot.games.brelan, bot.games.replay, bot.games.session, bot.games.bench;"
        "print('discord' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_bot_without_token_explains_what_to_do(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-m", "bot"], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert out.returncode == 1
    assert "DISCORD_TOKEN" in out.stderr and ".env" in out.stderr
    assert "python -m bot.play" in out.stderr  # and how to play without Discord meanwhile


def test_the_web_pages_load_without_discord_and_their_links_are_standard_library() -> None:
    code = "import sys, bot.web.app, bot.web.__main__; print('discord' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr
    links = imported_modules(ROOT / "bot/web/links.py")
    assert all(m.split(".")[0] in sys.stdlib_module_names for m in links), links


def test_fair_dealing_uses_only_the_engine_and_the_standard_library() -> None:
    """bot.fair is what anyone may re-run: the scheme itself is standard library alone."""
    for path in sorted((ROOT / "bot/fair").rglob("*.py")):
        for module in imported_modules(path):
            top = module.split(".")[0]
            allowed = top in sys.stdlib_module_names or module.startswith(("bot.games", "bot.fair"))
            assert allowed, f"{path.relative_to(ROOT)} imports {module}"
    scheme = imported_modules(ROOT / "bot/fair/scheme.py")
    assert all(m.split(".")[0] in sys.stdlib_module_names for m in scheme), scheme


def test_house_players_use_only_the_engine_and_the_standard_library() -> None:
    for path in sorted((ROOT / "bot/house").rglob("*.py")):
        for module in imported_modules(path):
            top = module.split(".")[0]
            allowed = top in sys.stdlib_module_names or module.startswith(
                ("bot.games", "bot.house")
            )
            assert allowed, f"{path.relative_to(ROOT)} imports {module}"


def test_the_runtime_and_offline_play_stay_off_the_discord_bot() -> None:
    """The runtime never imports discord; offline play borrows the renderers but never the
    bot, its cogs or its presenter."""
    for path in sorted((ROOT / "bot/runtime").rglob("*.py")):
        bad = {m for m in imported_modules(path) if m.split(".")[0] == "discord"}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
    for path in sorted((ROOT / "bot/play").rglob("*.py")):
        bad = {
            m
            for m in imported_modules(path)
            if m.startswith(("bot.app", "cogs", "bot.ui.presenter", "bot.ui.views"))
        }
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


# -- the module graph of bot/ and cogs/ ---------------------------------------------------------


def project_modules() -> dict[str, Path]:
    """Every module of bot/ and cogs/ by dotted name (a package by its ``__init__``)."""
    out: dict[str, Path] = {}
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = project_modules()


def project_imports(name: str) -> set[str]:
    """The project modules ``name`` imports, wherever the import is: at the top, in a
    function, under ``if TYPE_CHECKING:``. ``from bot.ui import views`` is bot.ui.views;
    ``from bot.runtime import TableError`` is the package bot.runtime (its ``__init__``);
    ``import bot.ui.views`` is bot.ui.views. Importing a submodule also runs its packages'
    ``__init__`` first, which is not an edge here: a package may import its own submodules."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def known(module: str) -> str | None:
        while module and module not in MODULES:
            module = module.rpartition(".")[0]
        return module or None

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                targets.append(sub if sub in MODULES else module)
        for target in targets:
            hit = known(target)
            if hit is not None and hit != name:
                found.add(hit)
    return found


def import_graph() -> dict[str, set[str]]:
    return {name: project_imports(name) for name in MODULES}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph (``[a, b, ..., a]``), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)) is not None:
            return cycle
    return None


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert "bot.ui.views" in graph["bot.ui.presenter"]  # a from-import of names
    assert "bot.runtime" in graph["bot.ui.interaction"]  # a package's __init__
    assert "bot.runtime.history" in graph["bot.runtime.closing"]  # an import inside a function
    assert "bot.storage.retention" in graph["bot.ops"]  # another, of a submodule
    assert "bot.ui.card_emojis" in graph["bot.app"]  # ``from bot.ui import card_emojis``
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_bot_or_cogs() -> None:
    """No module of bot/ or cogs/ imports itself back, not even under TYPE_CHECKING or from
    inside a function: each layer depends only on the layers under it."""
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_layers_import_only_downwards() -> None:
    forbidden = {
        # the Discord surface types against bot.ui.services, never the bot itself
        "bot.ui": ("bot.app", "bot.ops", "cogs"),
        "bot.runtime": ("bot.ui", "bot.app", "bot.ops", "cogs", "discord"),
        "bot.games": ("bot.runtime", "bot.ui", "bot.app", "cogs", "discord"),
        "bot.house": ("bot.runtime", "bot.ui", "bot.app", "cogs", "discord"),
        # the view model is every surface's: Discord draws it, it never draws for Discord
        "bot.view": ("bot.ui", "bot.app", "bot.ops", "cogs", "discord"),
        "bot.play": ("bot.ui.render", "bot.app", "bot.ops", "cogs", "discord"),
        # the lessons are the view model's level: every surface plays them
        "bot.learn": ("bot.ui", "bot.app", "bot.ops", "cogs", "discord"),
        # the web pages are a surface beside Discord's: they never reach into it
        "bot.web": ("bot.ui", "bot.app", "bot.ops", "cogs", "discord"),
    }
    for layer, banned in forbidden.items():
        for name, path in MODULES.items():
            if name != layer and not name.startswith(layer + "."):
                continue
            for module in imported_modules(path) | project_imports(name):
                bad = [b for b in banned if module == b or module.startswith(b + ".")]
                assert not bad, f"{name} imports {module}"


def run_time_imports(path: Path) -> set[str]:
    """The modules a file imports when it runs: what is under ``if TYPE_CHECKING:`` is left
    out (it is read by mypy alone)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_cogs_type_the_bot_without_importing_it() -> None:
    """A cog types ``self.bot`` as the bot under ``TYPE_CHECKING`` only (RoboDanny's way): at
    run time it reaches the bot through what discord.py hands it, so no cog loads bot.app."""
    for name, path in MODULES.items():
        if name.startswith("cogs."):
            bad = {m for m in run_time_imports(path) if m == "bot.app"}
            assert not bad, f"{name} imports bot.app at run time"
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"cast\(\s*.?SalonBot", text), f"{name} casts the bot"


def test_the_guilds_language_is_read_one_way() -> None:
    """A guild's language is ``bot.ui.interaction.guild_lang`` (its settings' locale through
    ``lang_of``), nowhere written again."""
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        assert "locale.startswith" not in text, name
        if name != "bot.ui.interaction":
            assert "def guild_lang" not in text, name


def test_one_language_helper() -> None:
    """``Lang``, ``LANGS`` and ``lang_of`` are bot.i18n's (which never imports discord),
    and only bot.i18n offers them. A discord.Locale is read by its value."""
    import discord

    import bot.i18n
    import bot.ui.i18n

    assert not {"Lang", "LANGS", "lang_of"} & set(bot.ui.i18n.__all__)
    assert bot.i18n.LANGS == ("en", "fr")
    lang_of = bot.i18n.lang_of
    assert lang_of(discord.Locale.french) == "fr"
    assert lang_of(discord.Locale.american_english) == "en"
    assert (lang_of("fr-FR"), lang_of("en-GB"), lang_of(None)) == ("fr", "en", "en")
    assert not any(m.split(".")[0] == "discord" for m in imported_modules(MODULES["bot.i18n"]))
    defined = [
        name
        for name, path in MODULES.items()
        if any(
            isinstance(node, ast.FunctionDef) and node.name == "lang_of"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    ]
    assert defined == ["bot.i18n"]


def test_only_the_discord_renderer_builds_embeds() -> None:
    """Every message players read is a document (:mod:`bot.view`); an embed is drawn from one
    by :func:`bot.ui.render.embed_of` alone (and fitted by :mod:`bot.ui.limits`)."""
    drawers = {"bot.ui.render", "bot.ui.limits"}
    for name, path in MODULES.items():
        if name in drawers:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        built = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr == "Embed"
        ]
        assert not built, f"{name} builds an embed at lines {built}: make a Document"
