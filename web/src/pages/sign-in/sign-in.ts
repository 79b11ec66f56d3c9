import { alertBox, field, h } from '../../ui/dom';
import { signIn } from '../../session';

export function signInPage(onSignedIn: () => void): HTMLElement {
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'username', required: true });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const error = alertBox();
  const submit = h('button', { type: 'submit' }, 'Sign in');
  const form = h('form', { class: 'card sign-in' }, h('h1', {}, 'Sign in to Folio'), field('Email', email), field('Password', password), error, submit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.clear();
    submit.disabled = true;
    signIn(email.value, password.value)
      .then(onSignedIn)
      .catch((e: Error) => error.show(e.message))
      .finally(() => (submit.disabled = false));
  });
  return form;
}
