"""The site's languages in the MkDocs configuration, from the language registry: mkdocs-static-i18n's
language list and the search's stemmers are made from ``lessons/languages.yaml`` as the build
starts, so that mkdocs.yml names only the default language (the i18n plugin refuses a list
without one) and a new language is a registry entry, not a second list to keep in step.
"""

from pathlib import Path

from ._languages import REGISTRY_FILE, Language, languages

# The i18n plugin's own settings, kept as mkdocs.yml gives them.
I18N_SETTINGS = ("build_only_locale", "docs_structure", "fallback_to_default", "reconfigure_material",
                 "reconfigure_search")


class SiteLanguageError(Exception):
    pass


def i18n_languages(registry: list[Language]) -> list[dict]:
    """mkdocs-static-i18n's ``languages``: the default (the registry's first) built at the root."""
    return [{"locale": language.code, "name": language.name, "default": index == 0, "build": True,
             "site_name": language.site_name, "site_description": language.site_description,
             "nav_translations": dict(language.nav)} for index, language in enumerate(registry)]


def search_languages(registry: list[Language]) -> list[str]:
    """The search index's lunr languages: English (code and ids are English words) and each
    language's stemmers, once each."""
    found = ["en"]
    for language in registry:
        found.extend(stemmer for stemmer in language.search if stemmer not in found)
    return found


def configure(config, root: Path) -> None:
    """Fill the i18n plugin's languages and the search's stemmers from the registry (once: the
    i18n plugin's builds of the other languages start from the same configuration)."""
    registry = languages(root)
    i18n = config.plugins.get("i18n")
    if i18n is not None and [entry.locale for entry in i18n.config.languages] != [x.code for x in registry]:
        given = [entry.locale for entry in i18n.config.languages if entry.default]
        if given != [registry[0].code]:
            raise SiteLanguageError(f"mkdocs.yml: the i18n plugin's default language must be {registry[0].code}, "
                                    f"the first of {REGISTRY_FILE} (the others come from there)")
        options = {key: i18n.config[key] for key in I18N_SETTINGS}
        errors, _ = i18n.load_config({**options, "languages": i18n_languages(registry)})
        if errors:
            raise SiteLanguageError(f"{REGISTRY_FILE}: mkdocs-static-i18n refuses the languages: {errors}")
    search = config.plugins.get("material/search") or config.plugins.get("search")
    if search is not None:
        search.config["lang"] = search_languages(registry)
