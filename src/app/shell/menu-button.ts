import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The behaviour of a navbar menu button (the WAI-ARIA menu button pattern), shared by the Settings
 * and Build menus: opening moves focus to the first entry, the arrow keys, Home and End move
 * between entries, Escape closes and gives focus back to the toggle, Tab closes and moves on, a
 * click outside closes. The entries are the `[role="menuitem"]` elements inside the menu.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (e.target instanceof Node && !rootRef.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggleRef.current?.focus();
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at < 0 ? -1 : at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(-1);
      case 'Escape':
        e.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
      default:
        return undefined;
    }
  };

  /** Props of the toggle button: ArrowDown opens the menu as a click does. */
  const toggleProps = {
    ref: toggleRef,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen((o) => !o),
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
      if (e.key === 'ArrowDown' && !open) {
        e.preventDefault();
        setOpen(true);
      }
    },
  };

  /** Props of the `<ul role="menu">`. */
  const menuProps = { ref: menuRef, id: menuId, role: 'menu' as const, onKeyDown: onMenuKeyDown };

  return { open, close, rootRef, toggleProps, menuProps };
}
