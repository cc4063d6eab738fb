"""The theme's static files found without walking its hidden folders.

MkDocs adds a theme's static files to every build (``Files.add_files_from_theme``): it lists
every file under the theme's folders, then drops each hidden one (``.*`` and ``*/.*``),
templates, translations and the like by ``fnmatch``. Material keeps about 14,000 icons in its
hidden ``.icons`` folder: walking them and matching each against a dozen patterns took a
third of a rebuild under ``mkdocs serve``, five times over (once per language), only to drop
them all. Here the walk does not enter a hidden folder, and MkDocs's own filter then judges
what is left, so the files the build gets are the same.
"""

from __future__ import annotations

import functools
import os

import jinja2

# The one caller whose filter drops every hidden name (mkdocs/structure/files.py).
_THEME_FILES_FILTER = "Files.add_files_from_theme.<locals>.filter"


def quicken_theme_listing(theme) -> None:
    """Make ``theme.get_env()`` give environments that list static files without walking
    hidden folders. Called for each build, on the theme that build uses."""
    current = vars(theme).get("get_env")
    if getattr(current, "quickened_theme", None) is theme:
        return
    make_env = type(theme).get_env.__get__(theme)

    def get_env() -> jinja2.Environment:
        env = make_env()
        env.list_templates = functools.partial(_list_templates, env, env.list_templates)
        return env

    get_env.quickened_theme = theme
    theme.get_env = get_env


def _list_templates(env: jinja2.Environment, list_all, extensions=None, filter_func=None) -> list[str]:
    loader = env.loader
    if (filter_func is None or extensions is not None or not isinstance(loader, jinja2.FileSystemLoader)
            or getattr(filter_func, "__qualname__", "") != _THEME_FILES_FILTER):
        return list_all(extensions=extensions, filter_func=filter_func)
    return [name for name in visible_files(loader.searchpath, loader.followlinks) if filter_func(name)]


def visible_files(folders, followlinks: bool = False) -> list[str]:
    """Every file under ``folders`` whose path has no part starting with ``.``, as the
    ``/``-separated paths ``jinja2.FileSystemLoader.list_templates`` gives, sorted."""
    found = set()
    for folder in folders:
        for path, subfolders, names in os.walk(folder, followlinks=followlinks):
            subfolders[:] = [name for name in subfolders if not name.startswith(".")]
            inside = os.path.relpath(path, folder)
            prefix = "" if inside == "." else inside.replace(os.path.sep, "/") + "/"
            found.update(prefix + name for name in names if not name.startswith("."))
    return sorted(found)
