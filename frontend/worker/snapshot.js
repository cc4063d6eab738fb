// Fetching the build-time memory snapshot in the worker. It is stored gzipped (5 MB
// instead of 31) and unpacked here; a host that already unpacked it (some add
// `Content-Encoding: gzip` on their own) hands us the raw bytes, which is fine too.

/** True when `bytes` start with the gzip magic number. */
export function isGzip(bytes) {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The snapshot's raw bytes. Rejects on an HTTP error or a corrupt gzip stream; Pyodide
 * itself rejects bytes that are not a snapshot of its own build.
 * @param {string} url
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<Uint8Array>}
 */
export async function fetchSnapshot(url, fetchImpl = fetch) {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!isGzip(bytes)) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}
