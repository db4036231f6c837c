// Logging in: the token is typed once, sent to POST /api/session, and forgotten; the server
// answers with an HttpOnly cookie no script can read.
import { call } from './api.js';
import { el, show, notice } from './dom.js';

/** Who is logged in, or null. */
export async function whoami() {
  try {
    return await call('GET', '/api/session');
  } catch (error) {
    if (error.status === 401) return null;
    throw error;
  }
}

/** Shows the login form in main; resolves with who logged in. */
export function login(main) {
  return new Promise(resolve => {
    const input = el('input', { type: 'password', id: 'token', name: 'token', autocomplete: 'off', required: true });
    const message = el('div');
    const form = el('form', { className: 'login card', id: 'login' },
      el('h1', {}, 'Log in'),
      el('label', { for: 'token' }, 'API token (from clockwork.yaml, or the one clockwork dev printed)'),
      input, message,
      el('button', { type: 'submit', id: 'login-button' }, 'Log in'));
    form.addEventListener('submit', async event => {
      event.preventDefault();
      const token = input.value;
      input.value = '';
      try {
        resolve(await call('POST', '/api/session', { body: { token } }));
      } catch (error) {
        show(message, notice(error.message, 'error'));
      }
    });
    show(main, form);
    input.focus();
  });
}

/** Logs out: the server forgets the session and clears the cookie. */
export async function logout() {
  await call('DELETE', '/api/session');
}
