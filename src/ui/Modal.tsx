import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon } from './ActionLinks';

export interface ModalProps {
  /** Names the dialog; its maximised state is remembered under this id. */
  id: string;
  title: ReactNode;
  /** A bootstrap-icons name shown before the title. */
  icon?: string;
  toolbar?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  onClose(): void;
  /**
   * What Escape does; defaults to onClose. A dialog that asks first passes its own; null
   * leaves Escape to the dialog's content (an embedded form that asks and then closes it).
   */
  onEscape?: (() => void) | null;
  /** When given, Ctrl+S calls it (input and form modals save on Ctrl+S). */
  onSave?: () => void;
  /** Maximised when the user never chose otherwise for this id (the Access Log is full screen). */
  defaultMaximised?: boolean;
  /** Bootstrap's dialog widths; md is Bootstrap's default width. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const storageKey = (id: string) => `tessera.modal.maximised.${id}`;

function readMaximised(id: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(storageKey(id));
    return stored === null ? fallback : stored === '1';
  } catch {
    // Storage can be disabled (private mode, policies); the dialog still works, unremembered.
    return fallback;
  }
}

function writeMaximised(id: string, value: boolean): void {
  try {
    window.localStorage.setItem(storageKey(id), value ? '1' : '0');
  } catch {
    // See readMaximised: not remembering is acceptable.
  }
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
}

/** How many dialogs are open: the page behind stays unscrollable until the last one closes. */
let openCount = 0;

/**
 * The generic dialog: title, icon, toolbar, body, footer, Maximise and Close.
 * It never closes on an outside click (a half-filled form must not vanish by a stray click);
 * Escape and the Close button are the only ways out. Focus moves in on open, Tab cycles
 * inside, and focus returns to whatever opened it on close.
 */
export function Modal({ id, title, icon, toolbar, children, footer, onClose, onEscape, onSave, defaultMaximised = false, size = 'lg' }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [maximised, setMaximised] = useState(() => readMaximised(id, defaultMaximised));

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) (focusables(root).find((el) => !el.closest('.modal-header')) ?? root).focus();
    openCount += 1;
    document.body.classList.add('modal-open');
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.classList.remove('modal-open');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const toggleMaximised = () => {
    setMaximised((m) => {
      writeMaximised(id, !m);
      return !m;
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const root = ref.current;
    // Events from a dialog opened inside this one bubble here through React portals; they are its business.
    if (!root || !(e.target instanceof Node) || !root.contains(e.target)) return;
    if (e.key === 'Escape') {
      if (onEscape === null) return; // the content's own handler acts (and must see the event untaken)
      e.preventDefault();
      (onEscape ?? onClose)();
    } else if (onSave && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      onSave();
    } else if (e.key === 'Tab') {
      const items = focusables(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        e.preventDefault();
        root.focus();
      } else if (e.shiftKey && (document.activeElement === first || document.activeElement === root)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const dialogClass = ['modal-dialog', 'modal-dialog-scrollable', maximised ? 'modal-fullscreen' : size === 'md' ? '' : `modal-${size}`].filter(Boolean).join(' ');
  return createPortal(
    <>
      <div
        ref={ref}
        className="modal d-block tessera-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-dialog-id={id}
        onKeyDown={onKeyDown}
      >
        <div className={dialogClass}>
          <div className="modal-content">
            <div className="modal-header gap-2">
              <h2 id={titleId} className="modal-title h5 d-flex align-items-center gap-2 me-auto">
                <ActionIcon name={icon} />
                {title}
              </h2>
              {toolbar ? <div className="d-flex flex-wrap gap-2">{toolbar}</div> : null}
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-pressed={maximised}
                aria-label={maximised ? 'Restore' : 'Maximise'}
                title={maximised ? 'Restore' : 'Maximise'}
                onClick={toggleMaximised}
              >
                <ActionIcon name={maximised ? 'fullscreen-exit' : 'arrows-fullscreen'} />
              </button>
              <button type="button" className="btn-close ms-1" aria-label="Close" title="Close" onClick={onClose} />
            </div>
            <div className="modal-body">{children}</div>
            {footer ? <div className="modal-footer">{footer}</div> : null}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" aria-hidden="true" />
    </>,
    document.body,
  );
}
