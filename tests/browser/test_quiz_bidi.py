"""A Persian quiz's output that mixes Persian words and Latin file names keeps its order.

The expected output of the Persian exercise of running-a-tool-call holds the model's line
"فایل note.txt وجود نداشت؛ به جایش notes.txt را خواندم." Laid out as one left-to-right
line, its Persian runs come out in reversed order and the final "." lands on the right;
read right-to-left, as Persian is, the first word is the rightmost and the "." the leftmost.
Positions are measured in the real page with DOM Ranges, in Chromium."""

from __future__ import annotations

LESSON = "fa/lessons/running-a-tool-call/"
QUIZ = "ex-silent-error"
LINE = "فایل note.txt وجود نداشت؛ به جایش notes.txt را خواندم."

# Left edge and top of each piece of LINE as laid out in the page, found in the text node of the
# output block that holds the line.
MEASURE = """(root, [line, pieces]) => {
  const samp = root.querySelector("[data-expected-output] samp");
  const walker = document.createTreeWalker(samp, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const start = node.data.indexOf(line);
    if (start < 0) continue;
    const left = ([piece, offset]) => {
      const at = start + offset;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + piece.length);
      const box = range.getBoundingClientRect();
      return [box.left, box.top + box.height / 2, box.height];
    };
    return {bidi: getComputedStyle(samp).unicodeBidi,
            x: pieces.map(left)};
  }
  return null;
}"""


def test_persian_output_line_reads_right_to_left_with_its_period_at_the_end(page, site_url):
    page.set_viewport_size({"width": 1800, "height": 1000})  # the line fits on one row
    page.goto(site_url(LESSON))
    root = page.locator(f'[data-quiz="{QUIZ}"]')
    root.locator("[data-expected-output] samp").wait_for()

    words = ["فایل", "note.txt", "وجود", "notes.txt", "خواندم"]
    pieces = [[word, LINE.index(word)] for word in words] + [[".", LINE.rindex(".")]]
    measured = root.evaluate(MEASURE, [LINE, pieces])
    assert measured is not None, "the exercise's expected output shows the model's line"
    assert measured["bidi"] == "plaintext"
    x = [left for left, _, _ in measured["x"]]
    middles = [middle for _, middle, _ in measured["x"]]
    height = min(height for _, _, height in measured["x"])
    assert max(middles) - min(middles) < height / 2, f"the line is laid out on one row: {measured}"
    # Right-to-left: each piece lies left of the one before it, the period leftmost.
    assert x == sorted(x, reverse=True), dict(zip(words + ["."], x))
