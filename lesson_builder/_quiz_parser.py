"""Read ``quizzes/<slug>/<lang>.yaml``: a YAML list of quizzes, each checked against its kind."""

from ._fields import Record
from ._model import Quiz, QuizFile
from ._problems import Problems, suggestion
from ._yaml_lines import YamlProblem, load_located_yaml
from .kinds import COMMON_FIELDS, QUIZ_KINDS


def quiz_record(kind_name: str) -> Record:
    """The full field list of one kind: the common fields, then the kind's own."""
    return Record(COMMON_FIELDS + QUIZ_KINDS[kind_name].fields, what="quiz")


def parse_quiz_file(path: str, text: str, slug: str, lang: str, problems: Problems) -> QuizFile:
    quiz_file = QuizFile(slug=slug, lang=lang, path=path)
    try:
        items = load_located_yaml(text)
    except YamlProblem as error:
        problems.add(path, error.line, error.message)
        quiz_file.unreadable = True
        return quiz_file
    if items is None:
        quiz_file.empty = True
        return quiz_file
    if not isinstance(items, list):
        problems.add(path, getattr(items, "line", 1),
                     "a quiz file is a YAML list: each quiz starts with '- id: …'")
        return quiz_file
    for index, item in enumerate(items):
        line = items.line_of(index)
        if not isinstance(item, dict):
            problems.add(path, line, "each quiz is a mapping of 'field: value' lines, starting with '- id: …'")
            continue
        kind = item.get("kind")
        if isinstance(item.get("id"), str):
            quiz_file.invalid_ids.add(item["id"])  # until it proves valid below
        label = f"quiz '{item.get('id', index + 1)}'"
        kind_subject = f"quiz {item['id']}" if isinstance(item.get("id"), str) else ""
        if kind not in QUIZ_KINDS:
            where = item.line_of("kind")
            known = ", ".join(QUIZ_KINDS)
            if kind is None:
                problems.add(path, where, f"{label} lacks required field 'kind' (one of: {known})", kind_subject)
            else:
                problems.add(path, where, f"{label}: unknown kind '{kind}'{suggestion(str(kind), QUIZ_KINDS)} "
                                          f"(known: {known})", kind_subject)
            continue
        before = len(problems)
        subject = f"quiz {item['id']}" if isinstance(item.get("id"), str) else ""
        quiz_record(kind).check(item, line, label, lambda at, message: problems.add(path, at, message, subject))
        if len(problems) > before:
            continue
        quiz_id = item["id"]
        if quiz_id in quiz_file.quizzes:
            # Reported with the page's quiz lines in view (a copied quiz whose id was not changed).
            quiz_file.duplicates.append((item.line_of("id"), quiz_id))
            continue
        quiz_file.invalid_ids.discard(quiz_id)
        quiz_file.quizzes[quiz_id] = Quiz(id=quiz_id, kind=kind, data=item, path=path, line=line)
    return quiz_file
