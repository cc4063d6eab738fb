// Page side of the offline cache: registers the site's service worker (service-worker.js,
// written to the site root by the `lessons` plugin). Called once Python is ready, so
// that filling the cache (about 20 MB) never competes with the first start.

/**
 * @param {string} serviceWorkerUrl absolute URL of the site root's service worker script
 * @returns {Promise<ServiceWorkerRegistration|null>}
 */
export async function registerOfflineCache(serviceWorkerUrl) {
  // Absent on plain-http hosts other than localhost, and in some private modes.
  if (!serviceWorkerUrl || !("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(serviceWorkerUrl, { scope: new URL("./", serviceWorkerUrl).href });
  } catch (error) {
    console.warn("Offline use is not available:", error?.message || error);
    return null;
  }
}
