import { useEffect, useRef, type ReactNode } from 'react';

/** True while a modal dialog is open: page-level shortcuts stay quiet, the page behind is inert. */
export const modalOpen = (): boolean => document.querySelector('dialog[open]') !== null;

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the page behind inert
 * (no focus, no clicks, no wheel), moves focus in, and turns Esc into a `cancel` of only the
 * top-most dialog. What the platform leaves to us: Tab wraps inside the dialog instead of
 * leaving for the browser's own UI, and focus goes back to the control that opened it.
 *
 * The element to focus first carries `data-autofocus` (React's `autoFocus` runs before the
 * dialog is shown, so it would be undone).
 */
export function Modal({ label, onClose, children }: { label: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      // The opener may have gone (the row re-rendered): then the page's own focus rule applies.
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal card"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
      onKeyDown={(event) => {
        // Keys pressed in a dialog belong to it: page shortcuts listening on window stay out.
        event.stopPropagation();
        if (event.key === 'Tab') wrapTab(event.currentTarget, event);
      }}
    >
      {children}
    </dialog>
  );
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/** From the last control Tab goes to the first, and Shift+Tab from the first to the last. */
function wrapTab(dialog: HTMLDialogElement, event: { shiftKey: boolean; preventDefault(): void }) {
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
