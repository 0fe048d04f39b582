import { createElement, options, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * Runs `hydrate` (which must hydrate synchronously, as Preact does) and lists where the browser's
 * render differs from the server's HTML it took over.
 *
 * Preact does not check a hydration: it takes the server's elements as they are, patches text and
 * adds or drops elements that differ, and never looks at attributes, so a label pointing at the
 * wrong id or a stale class would stay on the page unnoticed (docs/decisions/0047-preact.md). This
 * checks both: every element hydrated carries the attributes the browser rendered for it (serialised
 * by the server's own renderer, so both sides name them alike), and the markup after the hydration
 * is still the server's (no text patched, no element added or dropped).
 */
export function hydrationMismatches(container: Element, hydrate: () => void): string[] {
  const serverHtml = container.innerHTML;
  const mismatches: string[] = [];
  const previous = options.diffed;
  options.diffed = (vnode) => {
    previous?.(vnode);
    if (typeof vnode.type !== 'string') return;
    // `__e` is Preact's name for the element a vnode rendered to (its `_dom`, mangled in the build).
    const element = (vnode as VNode & { __e?: Node | null }).__e;
    if (!(element instanceof Element) || !container.contains(element)) return;
    const difference = attributeDifference(vnode as VNode<Record<string, unknown>>, element);
    if (difference) mismatches.push(difference);
  };
  try {
    hydrate();
  } finally {
    options.diffed = previous;
  }
  const hydratedHtml = container.innerHTML;
  if (hydratedHtml !== serverHtml) mismatches.push(`markup differs: ${firstDifference(serverHtml, hydratedHtml)}`);
  return mismatches;
}

function attributeDifference(vnode: VNode<Record<string, unknown>>, element: Element): string | null {
  const { children: _children, dangerouslySetInnerHTML: _html, ...props } = vnode.props;
  const template = document.createElement('template');
  template.innerHTML = renderToString(createElement(vnode.type as string, props));
  const rendered = template.content.firstElementChild;
  if (!rendered) return null;
  const names = new Set([...rendered.getAttributeNames(), ...element.getAttributeNames()]);
  // An option's `selected` comes from its select's value, which an element rendered alone lacks.
  if (element.localName === 'option') names.delete('selected');
  for (const name of names) {
    const browser = rendered.getAttribute(name);
    const server = element.getAttribute(name);
    if (browser !== server) {
      return `<${element.localName}${element.id ? `#${element.id}` : ''}> ${name}: server "${server ?? '(none)'}", browser "${browser ?? '(none)'}"`;
    }
  }
  return null;
}

function firstDifference(server: string, browser: string): string {
  let at = 0;
  while (at < server.length && server[at] === browser[at]) at += 1;
  const from = Math.max(0, at - 80);
  return `server …${server.slice(from, at + 80)}… browser …${browser.slice(from, at + 80)}…`;
}
