// The API as the dashboard calls it: the session cookie goes along (never a token in script
// reach), state-changing requests carry the CSRF header, every request names the dashboard's
// namespace (X-Namespace; routes that span every namespace ignore it), and problems become ApiError.

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }

  get errors() {
    return this.problem.errors || [];
  }
}

let onUnauthorized = () => {};
let current = null;

/** The namespace every later call acts in (unless the call names its own). */
export function useNamespace(namespace) {
  current = namespace;
}

/** What to do when the session is gone (show the login). */
export function whenUnauthorized(handler) {
  onUnauthorized = handler;
}

/** Calls the API (in the dashboard's namespace unless namespace is given); resolves with the body. */
export async function call(method, path, { body, namespace = current, accept } = {}) {
  const headers = { Accept: accept || 'application/json' };
  if (method !== 'GET') headers['X-Clockwork-Request'] = '1';
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (namespace) headers['X-Namespace'] = namespace;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const type = response.headers.get('Content-Type') || '';
  const content = response.status === 204 ? null
    : type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new ApiError(response.status, typeof content === 'object' ? content : { detail: content });
    if (response.status === 401 && path !== '/api/session') onUnauthorized(error);
    throw error;
  }
  return content;
}

export const get = (path, options) => call('GET', path, options);
export const post = (path, body, options) => call('POST', path, { ...options, body: body ?? {} });

/** A query string from the entries whose value is set. */
export function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Path segment escaping for ids in URLs. */
export const seg = value => encodeURIComponent(String(value));
