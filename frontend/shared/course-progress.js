// Where a learner is in the course, from what their progress store holds: answered quizzes
// per lesson and the lesson to go on with. Pure: the course map (widgets/course-map/) shows it.

/**
 * @typedef {{slug: string, written: boolean, quizzes: string[]}} CourseLesson
 *   a lesson of the map's config, in course order; `written` is false while its translation
 *   is in progress (there is nothing to do in it in this language)
 * @typedef {{verdicts: Object<string, string>, touched: number|null}} LessonRecord
 *   what storage holds for a lesson (storage.js `lessonRecord`)
 */

/**
 * Progress per lesson and where to go on.
 * - `answered`: quizzes of the lesson with a saved verdict (ids the lesson no longer has do
 *   not count), of `total`; a written lesson is `finished` when every quiz is answered (one
 *   without quizzes once it was opened).
 * - `next`: the last lesson touched while it is unfinished (`"continue"`); once it is
 *   finished, the first unfinished lesson after it, else before it (`"continue"`); with
 *   nothing touched yet, the first unfinished lesson (`"start"`); null when all are finished.
 * @param {CourseLesson[]} lessons
 * @param {(slug: string) => LessonRecord} record
 * @returns {{lessons: {slug: string, answered: number, total: number, finished: boolean}[],
 *            next: {slug: string, index: number, why: "continue"|"start"}|null}}
 */
export function courseProgress(lessons, record) {
  const rows = lessons.map((lesson) => {
    const { verdicts = {}, touched = null } = record(lesson.slug) || {};
    const quizzes = Array.isArray(lesson.quizzes) ? lesson.quizzes : [];
    const answered = quizzes.filter((id) => Object.hasOwn(verdicts, id)).length;
    const finished = Boolean(lesson.written) && (quizzes.length ? answered === quizzes.length : touched !== null);
    return { slug: lesson.slug, answered, total: quizzes.length, finished, touched, written: Boolean(lesson.written) };
  });
  const open = (row) => row.written && !row.finished;
  let last = -1;
  rows.forEach((row, index) => {
    if (row.written && row.touched !== null && (last < 0 || row.touched > rows[last].touched)) last = index;
  });
  let index;
  let why = "continue";
  if (last < 0) {
    index = rows.findIndex(open);
    why = "start";
  } else if (open(rows[last])) {
    index = last;
  } else {
    const after = rows.findIndex((row, i) => i > last && open(row));
    index = after >= 0 ? after : rows.findIndex(open);
  }
  return {
    lessons: rows.map(({ slug, answered, total, finished }) => ({ slug, answered, total, finished })),
    next: index >= 0 ? { slug: rows[index].slug, index, why } : null,
  };
}
