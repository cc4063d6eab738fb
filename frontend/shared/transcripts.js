// Transcripts the page makes itself, for runs that Python could not finish on its own
// (the worker had to be terminated): the same shape as lesson_runtime.run_chain returns.

/**
 * @param {"timeout"|"stopped"} status
 * @param {Array<[string, string]>} chunks output streamed before the run was ended
 * @param {number} timeout the run's limit in seconds (for the timeout message)
 */
export function endedTranscript(status, chunks, timeout) {
  const merged = mergeChunks(chunks);
  const error =
    status === "timeout"
      ? { type: "Timeout", message: `the run did not finish within ${timeout} s`, line: null }
      : { type: "KeyboardInterrupt", message: "", line: null };
  return { output: merged.map(([, text]) => text).join(""), chunks: merged, status, error, calls: [] };
}

/** Consecutive chunks of one stream joined, empty ones dropped. */
export function mergeChunks(chunks) {
  const merged = [];
  for (const [stream, text] of chunks) {
    if (!text) continue;
    const last = merged[merged.length - 1];
    if (last && last[0] === stream) last[1] += text;
    else merged.push([stream, text]);
  }
  return merged;
}

/** A transcript for a run that never reached Python (the worker failed to start). */
export function failedTranscript(message) {
  return { output: "", chunks: [], status: "failed", error: { type: "RuntimeUnavailable", message, line: null }, calls: [] };
}

/**
 * A transcript for a run whose worker went away under it: the program closed the worker
 * (`js.close()`), or Python died in it. Status "lost" (the page says which, in its language),
 * with the output streamed until then.
 * @param {"closed"|"crashed"} reason
 * @param {Array<[string, string]>} chunks
 */
export function lostTranscript(reason, chunks) {
  const merged = mergeChunks(chunks);
  const type = reason === "closed" ? "WorkerClosed" : "PythonCrashed";
  return { output: merged.map(([, text]) => text).join(""), chunks: merged, status: "lost", error: { type, message: "", line: null }, calls: [] };
}

/** Why the worker of a "lost" transcript went away: "closed" or "crashed". */
export function lostReason(transcript) {
  return transcript?.error?.type === "WorkerClosed" ? "closed" : "crashed";
}
