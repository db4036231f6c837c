// The server-sent event stream (GET /api/stream): queues arrays and changed instance ids.

const listeners = { queues: new Set(), instance: new Set() };
let source = null;
let lastQueues = null;

/** Opens the stream (once); the dot in the header shows whether it is connected. */
export function connect(indicator) {
  if (source) return;
  source = new EventSource('/api/stream');
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
  indicator.classList.remove('on');
}

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
