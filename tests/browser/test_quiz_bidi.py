"""A Persian quiz's output that mixes Persian words and Latin file names keeps its order.

The expected output of the Persian exercise ex-error-text of running-a-tool-call holds the
model's line "فایل notess.txt وجود نداشت؛ به‌جایش notes.txt را خواندم." Laid out as one left-to-right
line, its Persian runs come out in reversed order and the final "." lands on the right;
read right-to-left, as Persian is, the first word is the rightmost and the "." the leftmost.
Positions are measured in the real page with DOM Ranges, in Chromium."""

from __future__ import annotations

LESSON = "fa/lessons/running-a-tool-call/"
QUIZ = "ex-error-text"
LINE = "فایل notess.txt وجود نداشت؛ به‌جایش notes.txt را خواندم."

# Left edge, vertical middle and height of each piece of LINE as laid out in the page, found in
# the text node of the output block that holds the line.
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
            boxes: pieces.map(left)};
  }
  return null;
}"""


def test_persian_output_line_reads_right_to_left_with_its_period_at_the_end(page, site_url):
    page.goto(site_url(LESSON))
    root = page.locator(f'[data-quiz="{QUIZ}"]')
    root.locator("[data-expected-output] samp").wait_for()

    words = ["فایل", "notess.txt", "وجود", "notes.txt", "خواندم"]
    pieces = [[word, LINE.index(word)] for word in words] + [[".", LINE.rindex(".")]]
    measured = root.evaluate(MEASURE, [LINE, pieces])
    assert measured is not None, "the exercise's expected output shows the model's line"
    assert measured["bidi"] == "plaintext"
    boxes = measured["boxes"]
    # The line may wrap in the narrow output column: reading order goes down the rows, and
    # right-to-left inside each row (the period is the leftmost piece of the last row).
    height = min(box[2] for box in boxes)
    rows = [round((box[1] - boxes[0][1]) / height) for box in boxes]
    assert rows == sorted(rows), f"pieces go down the rows in reading order: {measured}"
    for first, second in zip(boxes, boxes[1:]):
        if round((first[1] - second[1]) / height) == 0:
            assert second[0] < first[0], f"right to left within a row: {dict(zip(words + ['.'], boxes))}"
