"""Which faults the learner may turn on in an exercise graded on the conversation: those
fake_client has for every API shape the solution talks to (`content_filter` has no Messages
counterpart, `pause_turn` no OpenAI one), in fake_client's own order."""

from fake_client._fault_effects import FaultNotApplicable, check_applicable
from fake_client.faults import NAMES, Fault


def fault_choices(solution_run: dict) -> list[str]:
    shapes = {call.get("api") for call in solution_run.get("calls") or []} - {None}
    return [name for name in NAMES if all(_has(name, shape) for shape in shapes)]


def _has(name: str, shape: str) -> bool:
    try:
        check_applicable(Fault(name), shape)
    except FaultNotApplicable:
        return False
    return True
