import './styles.css';
import { h, replace } from './ui/dom';
import { currentUser, loadSession, signOut } from './session';
import { route } from './router';
import { signInPage } from './pages/sign-in/sign-in';

const root = document.getElementById('app')!;
const main = h('main', { id: 'main' });

function shell(): HTMLElement {
  const user = currentUser();
  return h(
    'header',
    { class: 'top' },
    h('a', { href: '#/', class: 'brand' }, 'Folio'),
    h(
      'nav',
      { 'aria-label': 'Main' },
      h('a', { href: '#/' }, 'Workspaces'),
      h('a', { href: '#/statutes' }, 'Statute research'),
    ),
    h(
      'div',
      { class: 'who' },
      h('span', { class: 'user-name' }, user?.name ?? ''),
      h('button', { type: 'button', onclick: () => void signOut().then(render) }, 'Sign out'),
    ),
  );
}

async function render(): Promise<void> {
  if (!currentUser()) await loadSession();
  if (!currentUser()) {
    replace(root, h('main', { id: 'main' }, signInPage(() => void render())));
    return;
  }
  replace(root, shell(), main);
  replace(main, h('p', { class: 'muted' }, 'Loading…'));
  try {
    await route(main, location.hash);
  } catch (error) {
    replace(main, h('p', { role: 'alert', class: 'alert' }, (error as Error).message));
  }
}

window.addEventListener('hashchange', () => void render());
window.addEventListener('folio:signed-out', () => {
  void loadSession().then(() => {
    if (!currentUser()) void render();
  });
});
void render();
