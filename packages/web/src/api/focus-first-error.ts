// Brings the first marked field of a form into view and focus after a refused save.
const MARKED = '[aria-invalid="true"], [id$="-error"]';
const FOCUSABLE =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), [contenteditable="true"]';

/** The input a Mantine error message belongs to: the one it describes, or the first of its wrapper. */
function inputOf(marked: Element, root: ParentNode): HTMLElement | null {
  if (marked.getAttribute('aria-invalid') === 'true') return marked as HTMLElement;
  const described = root.querySelector<HTMLElement>(`[aria-describedby~="${CSS.escape(marked.id)}"]`);
  return described ?? marked.parentElement?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/** Scrolls the first marked field (in page order) to the middle of the screen and focuses it; true if found. */
export function focusFirstError(root: ParentNode): boolean {
  const marked = root.querySelector(MARKED);
  if (!marked) return false;
  const input = inputOf(marked, root);
  const target = input ?? (marked as HTMLElement);
  target.scrollIntoView?.({ block: 'center', behavior: 'auto' });
  input?.focus({ preventScroll: true });
  return true;
}
