"""The course plan (docs/authoring/plan.md) and the course as it is: the course file follows the
plan's order and prerequisites, and every quiz of every lesson names a concept of the plan (or
is listed there as moved or to be removed). Fast: it reads YAML, it builds nothing.

The plan's machine-readable part is its YAML blocks that start with `lesson:`, one per lesson,
in the course's order; the numbered list under "## The order" repeats the order for readers.
Every check is a function returning problems, so that the tests at the bottom can show each one
failing on a sample mistake."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from fake_client.worlds import WORLDS
from lesson_builder import QUIZ_KINDS

REPO = Path(__file__).resolve().parents[2]
PLAN = REPO / "docs" / "authoring" / "plan.md"


# --- reading -------------------------------------------------------------------------------

def plan_blocks(text: str) -> list[dict]:
    """The plan's lesson blocks, in the page's order."""
    blocks = []
    for body in re.findall(r"^```yaml\n(.*?)^```", text, re.M | re.S):
        data = yaml.safe_load(body)
        if isinstance(data, dict) and "lesson" in data:
            blocks.append(data)
    return blocks


def listed_order(text: str) -> list[str]:
    """The slugs of the numbered list under "## The order"."""
    sections = [s for s in re.split(r"^## ", text, flags=re.M) if s.startswith("The order\n")]
    return re.findall(r"^\d+\. `([a-z0-9-]+)`", sections[0], re.M) if sections else []


def course_file(root: Path) -> tuple[list[str], dict[str, list[str]]]:
    """The course file's lessons in order and each one's prerequisites."""
    course = yaml.safe_load((root / "lessons" / "course.yaml").read_text(encoding="utf-8"))
    lessons = course["lessons"]
    return [entry["slug"] for entry in lessons], {e["slug"]: list(e["prerequisites"]) for e in lessons}


def quiz_files(root: Path, slugs: list[str]) -> dict[str, dict[str, list[tuple[str, str]]]]:
    """slug → language → [(quiz id, kind)] of every quiz file the course has."""
    found: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for slug in slugs:
        for path in sorted((root / "quizzes" / slug).glob("*.yaml")):
            quizzes = yaml.safe_load(path.read_text(encoding="utf-8")) or []
            found.setdefault(slug, {})[path.stem] = [(q["id"], q["kind"]) for q in quizzes]
    return found


# --- what the course file should say -------------------------------------------------------

def expected_prerequisites(blocks: list[dict], existing: list[str]) -> dict[str, list[str]]:
    """For each existing lesson, the plan's prerequisites as the plan lists them (a lesson may
    build directly on two lessons one of which builds on the other), with every lesson not
    written yet replaced by its own prerequisites (recursively), none of those stand-ins
    implied by another prerequisite kept."""
    plan = {block["lesson"]: list(block.get("prerequisites") or []) for block in blocks}

    def ancestors(slug: str) -> set[str]:
        seen: set[str] = set()
        todo = list(plan.get(slug, []))
        while todo:
            lesson = todo.pop()
            if lesson not in seen:
                seen.add(lesson)
                todo.extend(plan.get(lesson, []))
        return seen

    def nearest_existing(slug: str) -> list[str]:
        out: list[str] = []
        for needed in plan.get(slug, []):
            for lesson in [needed] if needed in existing else nearest_existing(needed):
                if lesson not in out:
                    out.append(lesson)
        return out

    expected = {}
    for slug in existing:
        listed = [lesson for lesson in plan.get(slug, []) if lesson in existing]
        kept = nearest_existing(slug)
        expected[slug] = [a for a in kept
                          if a in listed or not any(a in ancestors(b) for b in kept if b != a)]
    return expected


# --- the checks ----------------------------------------------------------------------------

def order_problems(blocks: list[dict], course_slugs: list[str]) -> list[str]:
    """The course file lists its lessons in the plan's order, and only lessons the plan has."""
    planned = [block["lesson"] for block in blocks]
    problems = [f"lesson {slug!r} of lessons/course.yaml is not in the plan" for slug in course_slugs
                if slug not in planned]
    wanted = [slug for slug in planned if slug in course_slugs]
    present = [slug for slug in course_slugs if slug in planned]
    if present != wanted:
        problems.append("lessons/course.yaml lists the lessons as " + " → ".join(present)
                        + "; the plan's order is " + " → ".join(wanted))
    return problems


def prerequisite_problems(blocks: list[dict], course_prerequisites: dict[str, list[str]]) -> list[str]:
    expected = expected_prerequisites(blocks, list(course_prerequisites))
    return [f"lesson {slug!r}: lessons/course.yaml says prerequisites {course_prerequisites[slug]}, "
            f"the plan gives {expected[slug]}"
            for slug in course_prerequisites
            if slug in expected and sorted(course_prerequisites[slug]) != sorted(expected[slug])]


def quiz_problems(blocks: list[dict], quizzes: dict[str, dict[str, list[tuple[str, str]]]]) -> list[str]:
    """Every quiz of every language names its fate in the plan, and the plan names only quizzes
    that exist; a kept or moved quiz names a concept of the lesson that keeps it, and no lesson
    checks one concept twice with one kind."""
    concepts = {block["lesson"]: set(block.get("concepts") or {}) for block in blocks}
    problems: list[str] = []
    checked: dict[tuple[str, str, str], str] = {}  # (lesson, concept, kind) → quiz
    for block in blocks:
        slug, fates = block["lesson"], block.get("quizzes") or {}
        by_language = quizzes.get(slug, {})
        kinds: dict[str, str] = {}
        for lang, listed in sorted(by_language.items()):
            for quiz_id, kind in listed:
                kinds.setdefault(quiz_id, kind)
                if quiz_id not in fates:
                    problems.append(f"quizzes/{slug}/{lang}.yaml: quiz {quiz_id!r} is not in the plan: "
                                    f"name the concept it checks (or its fate) under lesson {slug!r}")
        for quiz_id, fate in fates.items():
            if by_language and quiz_id not in kinds:
                problems.append(f"the plan lists quiz {quiz_id!r} of {slug!r}, which has no such quiz")
                continue
            if isinstance(fate, dict) and "remove" in fate:
                continue
            owner = fate.get("move", slug) if isinstance(fate, dict) else slug
            concept = fate.get("concept") if isinstance(fate, dict) else fate
            if owner not in concepts:
                problems.append(f"quiz {quiz_id!r} of {slug!r} moves to {owner!r}, which is not in the plan")
                continue
            if concept not in concepts[owner]:
                problems.append(f"quiz {quiz_id!r} of {slug!r} names concept {concept!r}, "
                                f"which lesson {owner!r} does not have")
                continue
            key = (owner, concept, kinds.get(quiz_id, "?"))
            if key in checked and not _same_quiz_moving(checked[key], slug, quiz_id):
                problems.append(f"quiz {quiz_id!r} of {slug!r} checks {concept!r} with a {key[2]} "
                                f"quiz, as {checked[key]!r} already does in {owner!r}")
            checked[key] = f"{slug}/{quiz_id}"
    return problems


def _same_quiz_moving(first: str, slug: str, quiz_id: str) -> bool:
    """A moved quiz keeps its id, and once the lesson that takes it over has it, both blocks
    list it: the move's source and the lesson's own entry are one quiz, not a repeat."""
    first_slug, _, first_id = first.partition("/")
    return first_id == quiz_id and first_slug != slug


def plan_problems(blocks: list[dict], listed: list[str], worlds: set[str]) -> list[str]:
    """The plan is consistent with itself."""
    problems: list[str] = []
    order = [block["lesson"] for block in blocks]
    if listed != order:
        problems.append(f"the numbered list under 'The order' says {listed}, the lesson blocks {order}")
    owner: dict[str, str] = {}
    for index, block in enumerate(blocks):
        slug = block["lesson"]
        for needed in block.get("prerequisites") or []:
            if needed not in order[:index]:
                problems.append(f"lesson {slug!r}: prerequisite {needed!r} is not an earlier lesson of the plan")
        if block.get("world") not in worlds:
            problems.append(f"lesson {slug!r}: world {block.get('world')!r} is not one of fake_client's {sorted(worlds)}")
        if not block.get("concepts"):
            problems.append(f"lesson {slug!r} names no concept for its quizzes")
        for concept in block.get("concepts") or {}:
            if concept in owner:
                problems.append(f"concept {concept!r} belongs to {owner[concept]!r} and {slug!r}")
            owner.setdefault(concept, slug)
    return problems


# --- the course as it is -------------------------------------------------------------------

def the_plan() -> tuple[list[dict], list[str]]:
    text = PLAN.read_text(encoding="utf-8")
    return plan_blocks(text), listed_order(text)


def test_the_plan_is_consistent():
    blocks, listed = the_plan()
    assert len(blocks) == 11
    assert plan_problems(blocks, listed, {world.NAME for world in WORLDS}) == []


def test_the_course_file_lists_the_lessons_in_the_plans_order():
    blocks, _ = the_plan()
    slugs, _ = course_file(REPO)
    assert order_problems(blocks, slugs) == []


def test_the_course_file_gives_the_plans_prerequisites():
    blocks, _ = the_plan()
    _, prerequisites = course_file(REPO)
    assert prerequisite_problems(blocks, prerequisites) == []


def test_every_quiz_of_every_lesson_names_a_concept_of_the_plan():
    blocks, _ = the_plan()
    slugs, _ = course_file(REPO)
    found = quiz_files(REPO, slugs)
    assert set(found) == set(slugs)  # every lesson has quiz files: the check below sees them all
    assert all(kind in QUIZ_KINDS for langs in found.values() for quizzes in langs.values()
               for _, kind in quizzes)
    assert quiz_problems(blocks, found) == []


# --- each check fails on a sample mistake --------------------------------------------------

SAMPLE = """\
## The order

1. `one`: first.
2. `two`: second.
3. `three`: not written yet.
4. `four`: last.

## Next

```yaml
lesson: one
prerequisites: []
world: shop
concepts:
  c-one: the first idea
  c-one-b: another
quizzes:
  q1: c-one
  q2: {concept: c-one-b, change: reword it}
  q3: {remove: a repeat}
```

```yaml
lesson: two
prerequisites: [one]
world: files
concepts:
  c-two: the second idea
quizzes:
  q4: {move: three, concept: c-three}
  q5: c-two
```

```yaml
lesson: three
prerequisites: [two]
world: shop
concepts:
  c-three: the third idea
```

```yaml
lesson: four
prerequisites: [three]
world: chat
concepts:
  c-four: the last idea
```
"""
SAMPLE_QUIZZES = {"one": {"bg": [("q1", "fill-in"), ("q2", "find-bug"), ("q3", "exercise")]},
                  "two": {"bg": [("q4", "exercise"), ("q5", "fill-in")]},
                  "four": {"bg": []}}
WORLD_NAMES = {"shop", "files", "chat"}


def test_a_sound_sample_plan_passes_every_check():
    blocks = plan_blocks(SAMPLE)
    assert [b["lesson"] for b in blocks] == ["one", "two", "three", "four"]
    assert plan_problems(blocks, listed_order(SAMPLE), WORLD_NAMES) == []
    assert order_problems(blocks, ["one", "two", "four"]) == []
    assert prerequisite_problems(blocks, {"one": [], "two": ["one"], "four": ["two"]}) == []
    assert quiz_problems(blocks, SAMPLE_QUIZZES) == []


def test_a_course_file_in_another_order_fails():
    blocks = plan_blocks(SAMPLE)
    assert order_problems(blocks, ["two", "one", "four"]) == [
        "lessons/course.yaml lists the lessons as two → one → four; the plan's order is one → two → four"]
    assert order_problems(blocks, ["one", "two", "five"]) == [
        "lesson 'five' of lessons/course.yaml is not in the plan"]


def test_prerequisites_skip_lessons_not_written_yet_and_fail_when_they_differ():
    blocks = plan_blocks(SAMPLE)
    assert expected_prerequisites(blocks, ["one", "two", "four"]) == {"one": [], "two": ["one"], "four": ["two"]}
    assert prerequisite_problems(blocks, {"one": [], "two": ["one"], "four": ["one"]}) == [
        "lesson 'four': lessons/course.yaml says prerequisites ['one'], the plan gives ['two']"]


def test_a_prerequisite_the_plan_lists_stays_even_when_another_implies_it():
    # "four" builds directly on "one" and on "three"; "three" is not written yet and stands in
    # as "two", which builds on "one": "one" is kept all the same, since the plan lists it
    blocks = plan_blocks(SAMPLE.replace("lesson: four\nprerequisites: [three]",
                                        "lesson: four\nprerequisites: [one, three]"))
    assert expected_prerequisites(blocks, ["one", "two", "four"])["four"] == ["one", "two"]
    assert prerequisite_problems(blocks, {"one": [], "two": ["one"], "four": ["two"]}) == [
        "lesson 'four': lessons/course.yaml says prerequisites ['two'], the plan gives ['one', 'two']"]


def test_a_quiz_the_plan_does_not_name_fails():
    blocks = plan_blocks(SAMPLE)
    quizzes = {**SAMPLE_QUIZZES, "two": {"bg": [("q4", "exercise"), ("q5", "fill-in"), ("q6", "exercise")]}}
    assert quiz_problems(blocks, quizzes) == [
        "quizzes/two/bg.yaml: quiz 'q6' is not in the plan: name the concept it checks (or its fate) "
        "under lesson 'two'"]


def test_a_quiz_the_lesson_no_longer_has_fails():
    blocks = plan_blocks(SAMPLE)
    quizzes = {**SAMPLE_QUIZZES, "two": {"bg": [("q5", "fill-in")]}}
    assert quiz_problems(blocks, quizzes) == ["the plan lists quiz 'q4' of 'two', which has no such quiz"]


def test_a_concept_the_lesson_does_not_have_fails():
    text = SAMPLE.replace("  q5: c-two", "  q5: c-one").replace("{move: three, concept: c-three}",
                                                                "{move: three, concept: c-two}")
    assert quiz_problems(plan_blocks(text), SAMPLE_QUIZZES) == [
        "quiz 'q4' of 'two' names concept 'c-two', which lesson 'three' does not have",
        "quiz 'q5' of 'two' names concept 'c-one', which lesson 'two' does not have"]


def test_one_concept_checked_twice_with_one_kind_fails():
    quizzes = {**SAMPLE_QUIZZES, "one": {"bg": [("q1", "fill-in"), ("q2", "fill-in"), ("q3", "exercise")]}}
    text = SAMPLE.replace("{concept: c-one-b, change: reword it}", "{concept: c-one, change: reword it}")
    assert quiz_problems(plan_blocks(text), quizzes) == [
        "quiz 'q2' of 'one' checks 'c-one' with a fill-in quiz, as 'one/q1' already does in 'one'"]


def test_a_moved_quiz_listed_by_the_lesson_that_took_it_is_one_quiz():
    taken = SAMPLE.replace("  c-three: the third idea\n", "  c-three: the third idea\nquizzes:\n  q4: c-three\n")
    quizzes = {**SAMPLE_QUIZZES, "three": {"bg": [("q4", "exercise")]}}
    assert quiz_problems(plan_blocks(taken), quizzes) == []
    # Another quiz of the same kind on the same concept is still a repeat.
    repeated = taken.replace("  q4: c-three\n", "  q4: c-three\n  q7: c-three\n")
    quizzes["three"] = {"bg": [("q4", "exercise"), ("q7", "exercise")]}
    assert quiz_problems(plan_blocks(repeated), quizzes) == [
        "quiz 'q7' of 'three' checks 'c-three' with a exercise quiz, as 'three/q4' already does in 'three'"]


def test_an_inconsistent_plan_fails():
    text = (SAMPLE.replace("2. `two`", "2. `deux`").replace("world: files", "world: garden")
            .replace("prerequisites: [one]", "prerequisites: [four]").replace("c-four: the last", "c-one: the last"))
    assert plan_problems(plan_blocks(text), listed_order(text), WORLD_NAMES) == [
        "the numbered list under 'The order' says ['one', 'deux', 'three', 'four'], "
        "the lesson blocks ['one', 'two', 'three', 'four']",
        "lesson 'two': prerequisite 'four' is not an earlier lesson of the plan",
        "lesson 'two': world 'garden' is not one of fake_client's ['chat', 'files', 'shop']",
        "concept 'c-one' belongs to 'one' and 'four'"]
