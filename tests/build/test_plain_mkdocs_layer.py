"""The MkDocs layer is plain glue: no module of the product assigns to an attribute of MkDocs,
Material or Jinja (one of their modules, or a method of one of their objects: a monkey-patch,
one upstream release from breaking), and the plugin stays small (its size is printed here and
in ARCHITECTURE.md; markdown-exec's plugin, the one we learn from, is 143 lines)."""

import ast
import inspect
from pathlib import Path

import jinja2
import pytest
from material.plugins.search.plugin import SearchIndex, SearchPlugin
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.theme import Theme

REPO = Path(__file__).resolve().parents[2]
PRODUCT = ("lesson_builder", "lesson_runtime", "fake_client")
UPSTREAM = ("mkdocs", "material", "jinja2")
# The upstream objects a plugin meets; their methods are what a patch would replace.
UPSTREAM_CLASSES = (MkDocsConfig, Theme, File, Files, Navigation, Page, LiveReloadServer, SearchIndex, SearchPlugin,
                    jinja2.Environment, jinja2.Template, jinja2.BaseLoader)
# (not a container's: `nav.items` is Navigation's list, not a dict's method)
UPSTREAM_METHODS = frozenset(name for cls in UPSTREAM_CLASSES for name, member in inspect.getmembers(cls)
                             if callable(member) and not name.startswith("__")) - set(dir(dict)) - set(dir(list))
PLUGIN = REPO / "lesson_builder" / "mkdocs_plugin.py"
PLUGIN_LINES = 250  # the bound; the count is printed by the test below


def patches(source: str) -> list[tuple[int, str]]:
    """(line, target) of every assignment to an attribute of an upstream module, or to an
    upstream method's name on an object (``env.get_template = ...``, ``setattr(theme, "get_env", ...)``)."""
    tree = ast.parse(source)
    modules = set()  # the names an upstream import binds (modules, and classes and functions from them)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {(alias.asname or alias.name).split(".")[0] for alias in node.names
                        if alias.name.split(".")[0] in UPSTREAM}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in UPSTREAM:
            modules |= {alias.asname or alias.name for alias in node.names}
    found = []
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        for target in targets:
            if isinstance(target, ast.Attribute) and _patches(target.value, target.attr, modules):
                found.append((node.lineno, ast.unparse(target)))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                and _patches(node.args[0], str(node.args[1].value), modules)):
            found.append((node.lineno, ast.unparse(node)))
    return found


def _patches(owner: ast.expr, attribute: str, modules: set[str]) -> bool:
    root = owner
    while isinstance(root, ast.Attribute):
        root = root.value
    if isinstance(root, ast.Name) and root.id in modules:
        return True
    return attribute in UPSTREAM_METHODS and not (isinstance(owner, ast.Name) and owner.id in ("self", "cls"))


def test_no_module_of_the_product_patches_mkdocs_material_or_jinja():
    found = {path.relative_to(REPO).as_posix(): patches(path.read_text(encoding="utf-8"))
             for package in PRODUCT for path in sorted((REPO / package).rglob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


@pytest.mark.parametrize("mistake", [
    "import jinja2\njinja2.Environment.get_template = lambda self, name: None\n",
    "from mkdocs.structure import files\nfiles.File = object\n",
    "def on_env(env, config, files):\n    env.get_template = lambda name: None\n",
    "def quicken(theme):\n    theme.get_env = lambda: None\n",
    "def wrap(index):\n    setattr(index, 'add_entry_from_context', print)\n",
])
def test_a_patch_is_found(mistake):
    assert patches(mistake), mistake


def test_what_a_plugin_may_set_is_no_patch():
    plain = ("def on_nav(nav, config, files):\n    nav.homepage = nav.pages[0]\n    nav.items[0].title = 'x'\n"
             "    config.extra['alternate'] = []\n    config.site_name = 'x'\n    self.config = {}\n")
    assert patches(plain) == []


def test_the_plugin_is_glue(capsys):
    lines = len(PLUGIN.read_text(encoding="utf-8").splitlines())
    with capsys.disabled():
        print(f"\nlesson_builder/mkdocs_plugin.py: {lines} lines (bound {PLUGIN_LINES}; markdown-exec's plugin: 143)")
    assert lines <= PLUGIN_LINES
    # One hook ordered against another plugin (after Material's search writes its index), no more.
    assert PLUGIN.read_text(encoding="utf-8").count("@event_priority") == 1
