// The server-sent event stream (GET /api/stream?namespace=): queues arrays (for tokens holding every
// namespace) and the ids of the changed instances of the dashboard's namespace.

const listeners = { queues: new Set(), instance: new Set() };
let source = null;
let streaming = null;
let lastQueues = null;

let shownBy = null; // the indicator of the open stream, to reopen it when the page comes back
let resume = null; // the namespace whose stream a hidden page closed

/**
 * Opens the stream in namespace (again, when the namespace changed); the dot in the header shows
 * whether it is connected.
 */
export function connect(indicator, namespace) {
  if (source && streaming === namespace) return;
  if (source) source.close();
  streaming = namespace;
  shownBy = indicator;
  indicator.classList.remove('on');
  source = new EventSource(`/api/stream?namespace=${encodeURIComponent(namespace)}`);
  source.onopen = () => indicator.classList.add('on');
  source.onerror = () => indicator.classList.remove('on');
  source.addEventListener('queues', event => {
    lastQueues = JSON.parse(event.data);
    listeners.queues.forEach(listener => listener(lastQueues));
  });
  source.addEventListener('instance', event => {
    const { id } = JSON.parse(event.data);
    listeners.instance.forEach(listener => listener(id));
  });
}

/** Closes the stream (at logout). */
export function disconnect(indicator) {
  if (source) source.close();
  source = null;
  streaming = null;
  indicator.classList.remove('on');
}

// A page left for another (or frozen in the back/forward cache) closes its stream: a browser keeps
// at most six connections to one server, and streams kept open by pages no one looks at would use
// them up until the dashboard's own requests wait. Coming back reopens it.
window.addEventListener('pagehide', () => {
  if (!source) return;
  resume = streaming;
  disconnect(shownBy);
});
window.addEventListener('pageshow', () => {
  if (resume !== null && shownBy) connect(shownBy, resume);
  resume = null;
});

/** Calls listener with each queues array (the last one at once); returns the unsubscribe. */
export function onQueues(listener) {
  listeners.queues.add(listener);
  if (lastQueues) listener(lastQueues);
  return () => listeners.queues.delete(listener);
}

/** Calls listener with the id of each instance that changed; returns the unsubscribe. */
export function onInstance(listener) {
  listeners.instance.add(listener);
  return () => listeners.instance.delete(listener);
}
