"""What the test folders share, one job per module: the built site and Chromium
(`browser_harness`, `chromium`, `csp_support`, `axe_support`, `startup_support`,
`offline_update_support`, `quiz_support`), copies of the project (`site_copy`,
`authoring_copies`, `repo_course`), program corpora and runners (`fake_client_programs`,
`helper_programs`, `fake_client_scenarios`, `program_launcher`, `pyodide_host`), the hostile
suite's cases and tally (`author_mistakes`, `bad_requests`, `hostile_tally`), the run's kind
(`run_kind`) and which course language a run's text is in (`foreign_phrases`).

tests/conftest.py registers the fixtures once (`pytest_plugins`); test files import the rest
as `support.<module>`; pyproject.toml puts tests/ on pytest's `pythonpath`.
"""
