import { h } from './dom';

/** A modal <dialog> named by its heading (role dialog, accessible name = the title). */
export function modal(title: string): { dialog: HTMLDialogElement; body: HTMLElement; close(): void } {
  const headingId = `dlg-${Math.random().toString(36).slice(2)}`;
  const body = h('div', { class: 'dialog-body' });
  const dialog = h('dialog', { 'aria-labelledby': headingId }, h('h2', { id: headingId }, title), body);
  dialog.addEventListener('close', () => dialog.remove());
  document.body.appendChild(dialog);
  dialog.showModal();
  return { dialog, body, close: () => dialog.close() };
}

/** Asks for confirmation; resolves true when the confirming button is pressed. */
export function confirmDialog(title: string, message: string, confirmLabel: string): Promise<boolean> {
  return new Promise((resolve) => {
    const { dialog, body, close } = modal(title);
    let confirmed = false;
    dialog.addEventListener('close', () => resolve(confirmed));
    body.append(
      h('p', {}, message),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', class: 'danger', onclick: () => ((confirmed = true), close()) }, confirmLabel),
        h('button', { type: 'button', onclick: () => close() }, 'Cancel'),
      ),
    );
  });
}
