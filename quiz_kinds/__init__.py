"""The quiz kinds, a folder each: the manifest of both registries.

``quiz_kinds/<kind>/`` (the kind's name with "_" for "-": ``fill_in`` is ``fill-in``) holds
``kind.py`` (the declaration: the quiz file's fields, the checks, the page config it sends;
written with ``lesson_builder.kinds.kit``), ``widget.js`` (``mount(ctx)``, written with
``frontend/widgets/quiz/kit.js``), ``config.schema.json`` (generated from the declaration by
``python -m lesson_builder schema --write``), a sample quiz and the kind's tests. The build's registry
(``lesson_builder.kinds.QUIZ_KINDS``) imports every ``kind.py`` here; the page's
(``frontend/widgets/quiz/kinds.js``) bundles every ``widget.js`` here. A new kind is a new
folder, nothing else."""
