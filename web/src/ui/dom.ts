/** A tiny element builder: the app has few widgets, so no framework is needed. */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Child | Child[]>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Array<Child | Child[]>): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function replace(parent: Element, ...children: Array<Child | Child[]>): void {
  parent.replaceChildren();
  append(parent, children);
}

let counter = 0;
export const uid = (prefix: string) => `${prefix}-${++counter}`;

/** A labelled form control: the label names it for people and for tests. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): HTMLElement {
  control.id ||= uid('f');
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control);
}

/** An element with role alert, for errors (empty until there is one). */
export function alertBox(): HTMLElement & { show(message: string): void; clear(): void } {
  const box = h('p', { role: 'alert', class: 'alert' }) as unknown as HTMLElement & { show(message: string): void; clear(): void };
  box.hidden = true;
  box.show = (message) => {
    box.textContent = message;
    box.hidden = false;
  };
  box.clear = () => {
    box.textContent = '';
    box.hidden = true;
  };
  return box;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
}
