// Shared by the React pages of the browser benchmark: mount N instances of a component at once.
import { createElement as h, Fragment } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';

/**
 * Renders `n` keyed instances of `component` into a new root inside flushSync, whose passive
 * effects (subscriptions, loops started from effects) run before it returns: the page's loop then
 * makes its first request before the harness's end marker, like every other page's.
 * @param {() => null} component
 * @param {number} n
 */
export function mountMany(component, n) {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  const children = [];
  for (let i = 0; i < n; i++) children.push(h(component, { key: i }));
  flushSync(() => root.render(h(Fragment, null, children)));
}
