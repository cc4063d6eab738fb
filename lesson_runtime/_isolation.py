"""What one run may change in the interpreter, and how it is put back afterwards.

The build runs many chains in one interpreter and the browser's worker runs every page's
snippets in one, so a run must not leak into the next. :func:`take_snapshot` is called
before a run; the function it returns puts back (ARCHITECTURE.md, "Transcript"):

- the ``builtins`` module (``builtins.print = ...``, a deleted ``len``);
- the modules of ``fake_client`` and ``lesson_runtime``, their entries in ``sys.modules``
  (deleted, replaced by a fake), their attributes, their classes' attributes and their
  functions' code and defaults; and the attributes of the modules they use (``json``,
  ``random``, ``time``, ``sys``, ``os``, …);
- ``sys.modules`` entries that were there before (a module imported during the run stays
  imported; an entry that is no real import is dropped); ``sys.path``, ``sys.meta_path``,
  ``sys.path_hooks``; ``sys.stdout`` / ``stderr`` / ``stdin`` and their ``__dunder__`` twins,
  the hooks and everything else bound in ``sys``;
- the recursion limit, the trace and profile functions (also those of ``threading``), the
  integer-string digit limit, the thread switch interval, the garbage collector's state;
- the working directory, ``os.environ``, the warnings filters, the ``decimal`` context of
  the thread, the handler of SIGINT (the browser's Stop arrives as one).

This is about mistakes and curiosity, not a sandbox: data changed in place inside a module
(an item of a module-level dict) is not put back, nor is anything reached through the
garbage collector or a frame's locals.
"""

import builtins
import gc
import operator
import os
import sys
import threading
import types
import warnings
from typing import Any, Callable

PACKAGES = ("fake_client", "lesson_runtime")
_ALWAYS = (builtins, sys, os, types, threading, warnings)


def _in_packages(name: str) -> bool:
    return name.partition(".")[0] in PACKAGES


# Per package module (by identity): the modules it uses, the classes it defines with their
# attributes, the functions it defines (methods too) with their code and defaults, as first
# seen. Worked out once: a run may change them, and every run puts them back.
_FACTS: dict[int, tuple] = {}


def _facts(module: types.ModuleType) -> tuple:
    known = _FACTS.get(id(module))
    if known is not None and known[0] is module:
        return known
    used, classes, functions = [], [], []
    name = module.__name__
    for value in list(vars(module).values()):
        if isinstance(value, types.ModuleType):
            used.append(value)
        elif getattr(value, "__module__", None) != name:
            continue
        elif isinstance(value, type):
            classes.append((value, dict(vars(value))))
            functions += [member for member in vars(value).values() if isinstance(member, types.FunctionType)]
        elif isinstance(value, types.FunctionType):
            functions.append(value)
    known = _FACTS[id(module)] = (module, used, classes,
                                  [(f, f.__code__, f.__defaults__, f.__kwdefaults__) for f in functions])
    return known


def _own_modules(modules: dict) -> list[types.ModuleType]:
    # startswith first (one C call a name): sys.modules holds hundreds of names, and this
    # runs before every run; partition then rules out a "fake_clients" of the learner's.
    return [module for name, module in list(modules.items())
            if name.startswith(PACKAGES) and _in_packages(name) and isinstance(module, types.ModuleType)]


class _Protected:
    """What a snapshot copies and a restore puts back, for one set of package modules:
    builtins, sys, os and the like, the packages' modules and every module they use (the
    strict ones, put back first, and the others); the packages' classes and functions."""

    def __init__(self, own: list[types.ModuleType]):
        self.own = own
        found: dict[int, types.ModuleType] = {id(module): module for module in (*_ALWAYS, *own)}
        self.classes, self.functions = [], []
        for module in own:
            _, used, defined_classes, defined_functions = _facts(module)
            for value in used:
                found.setdefault(id(value), value)
            self.classes += defined_classes
            self.functions += defined_functions
        self.strict = [module for module in found.values() if _is_strict(module)]
        self.loose = [module for module in found.values() if not _is_strict(module)]
        self.own_functions = [facts for facts in self.functions
                              if facts[0].__module__.partition(".")[0] == "lesson_runtime"]

    def same_modules(self, own: list[types.ModuleType]) -> bool:
        return len(own) == len(self.own) and all(map(operator.is_, own, self.own))


def _is_strict(module: types.ModuleType) -> bool:
    return module is builtins or module.__name__.partition(".")[0] == "lesson_runtime"


# Worked out again only when the packages' modules change (a first import of one of their
# submodules): the same for nearly every run, and in Pyodide working it out was a third of
# a short run's time.
_LAST: list = [None]


def _protected(modules: dict) -> _Protected:
    own = _own_modules(modules)
    last = _LAST[0]
    if last is None or not last.same_modules(own):
        last = _LAST[0] = _Protected(own)
    return last


def take_snapshot() -> Callable[[], None]:
    """Record the interpreter state a run may change; return the function that restores it.

    The restoring function looks up no global or built-in name before it has put
    ``builtins`` and ``lesson_runtime``'s own modules back, so a run that tampered with
    either is undone too."""
    modules = sys.modules
    protected = _protected(modules)
    strict = [(module.__dict__, dict(module.__dict__)) for module in protected.strict]
    loose = [(module.__dict__, dict(module.__dict__)) for module in protected.loose]
    own_functions = protected.own_functions
    state = {
        "classes": protected.classes,
        "functions": protected.functions,
        "loose": loose,
        "modules": dict(modules),
        "lists": [(sys.path, list(sys.path)), (sys.meta_path, list(sys.meta_path)),
                  (sys.path_hooks, list(sys.path_hooks))],
        "interpreter": _interpreter_state(),
    }

    def restore() -> None:
        # First, with plain dict operations only: builtins and lesson_runtime's modules.
        for current, saved in strict:
            if current.keys() != saved.keys():  # no len(): builtins may not be genuine yet
                for key in current.keys() - saved.keys():
                    del current[key]
            current.update(saved)
        for function, code, defaults, kwdefaults in own_functions:
            function.__code__ = code
            function.__defaults__ = defaults
            function.__kwdefaults__ = kwdefaults
        # Every name is genuine again from here on.
        _restore_rest(state)

    return restore


def _interpreter_state() -> dict[str, Any]:
    state: dict[str, Any] = {
        "recursion_limit": sys.getrecursionlimit(),
        "trace": sys.gettrace(), "profile": sys.getprofile(),
        "thread_trace": threading.gettrace(), "thread_profile": threading.getprofile(),
        "switch_interval": sys.getswitchinterval(),
        "gc": (gc.isenabled(), gc.get_threshold()),
        "environ": dict(os.environ),
        "warnings": list(warnings.filters),
    }
    if hasattr(sys, "get_int_max_str_digits"):
        state["int_digits"] = sys.get_int_max_str_digits()
    try:
        state["cwd"] = os.getcwd()
    except OSError:
        pass
    decimal = sys.modules.get("decimal")
    if decimal is not None:
        state["decimal"] = decimal.getcontext().copy()
    state["sigint"] = _sigint_handler()
    return state


def _sigint_handler() -> Any:
    try:
        import signal

        if threading.current_thread() is not threading.main_thread():
            return None
        return signal.getsignal(signal.SIGINT)
    except (ImportError, AttributeError, ValueError):
        return None


def _restore_rest(state: dict[str, Any]) -> None:
    for current, saved in state["loose"]:
        # Comparing the keys allocates nothing; most runs change no module.
        if current.keys() != saved.keys():
            for key in current.keys() - saved.keys():
                # A submodule imported during the run stays bound to its package.
                if not isinstance(current[key], types.ModuleType):
                    del current[key]
        current.update(saved)
    for cls, saved in state["classes"]:
        current = vars(cls)
        if current == saved:
            continue
        for key in current.keys() - saved.keys():
            delattr(cls, key)
        for key, value in saved.items():
            if current.get(key, _MISSING) is not value:
                setattr(cls, key, value)
    for function, code, defaults, kwdefaults in state["functions"]:
        if function.__code__ is not code:
            function.__code__ = code
        if function.__defaults__ is not defaults:
            function.__defaults__ = defaults
        if function.__kwdefaults__ is not kwdefaults:
            function.__kwdefaults__ = kwdefaults
    _restore_modules(state["modules"])
    for current_list, saved_list in state["lists"]:
        current_list[:] = saved_list
    _restore_interpreter(state["interpreter"])


_MISSING = object()


def _restore_modules(before: dict) -> None:
    modules = sys.modules
    for name in list(modules.keys() - before.keys()):
        module = modules[name]
        spec = getattr(module, "__spec__", None)
        if not isinstance(module, types.ModuleType) or getattr(spec, "name", None) != name:
            del modules[name]  # no real import: a stand-in the run put there
    for name, module in before.items():
        if modules.get(name, _MISSING) is not module:
            modules[name] = module


def _restore_interpreter(state: dict[str, Any]) -> None:
    sys.setrecursionlimit(state["recursion_limit"])
    # Set again only when changed: a hook installed from C (a profiler, a coverage tool)
    # reads back as an object that is not meant to be called from Python.
    if sys.gettrace() is not state["trace"]:
        sys.settrace(state["trace"])
    if sys.getprofile() is not state["profile"]:
        sys.setprofile(state["profile"])
    if threading.gettrace() is not state["thread_trace"]:
        threading.settrace(state["thread_trace"])
    if threading.getprofile() is not state["thread_profile"]:
        threading.setprofile(state["thread_profile"])
    sys.setswitchinterval(state["switch_interval"])
    enabled, threshold = state["gc"]
    (gc.enable if enabled else gc.disable)()
    gc.set_threshold(*threshold)
    if "int_digits" in state:
        sys.set_int_max_str_digits(state["int_digits"])
    _restore_environ(state["environ"])
    if warnings.filters != state["warnings"]:
        warnings.filters[:] = state["warnings"]
        mutated = getattr(warnings, "_filters_mutated", None)  # the C side caches them (3.11)
        if mutated is not None:
            mutated()
    if "cwd" in state:
        try:
            os.chdir(state["cwd"])
        except OSError:
            pass
    decimal = sys.modules.get("decimal")
    if decimal is not None:
        decimal.setcontext(state.get("decimal") or decimal.Context())
    if state["sigint"] is not None and _sigint_handler() is not state["sigint"]:
        import signal

        signal.signal(signal.SIGINT, state["sigint"])


def _restore_environ(saved: dict) -> None:
    environ = os.environ
    for key in list(environ.keys() - saved.keys()):
        del environ[key]
    for key, value in saved.items():
        if environ.get(key) != value:
            environ[key] = value
