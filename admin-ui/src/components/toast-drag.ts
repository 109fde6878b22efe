/**
 * Spec 9: toasts close when dragged sideways past 60 percent of their width; a shorter drag springs back. One
 * listener set on the document serves every Ant Design notification (Refine's toasts are those), whoever opened it.
 * `installToastDrag()` is idempotent: installing twice keeps one set of listeners.
 */
import { useEffect } from 'react';

export const DISMISS_FRACTION = 0.6;
const NOTICE = '.ant-notification-notice';
const CLOSE = '.ant-notification-notice-close';
/** Pressing these keeps their own meaning (close, links, buttons, inputs): no drag starts there. */
const INTERACTIVE = 'button, a, input, textarea, select, [role="button"], .ant-notification-notice-close';
const SPRING = 'transform 200ms ease, opacity 200ms ease';
const STYLE_ID = 'toast-drag-style';

/** Whether a sideways drag of `dx` pixels closes a toast `width` pixels wide: past 60 percent of the width. */
export function dragDismisses(dx: number, width: number): boolean {
  return width > 0 && Math.abs(dx) > width * DISMISS_FRACTION;
}

interface Drag {
  el: HTMLElement;
  pointerId: number;
  startX: number;
  width: number;
  dx: number;
}

let installed: (() => void) | undefined;

export function installToastDrag(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): () => void {
  if (!doc) return () => undefined;
  if (installed) return installed;
  let drag: Drag | undefined;

  if (!doc.getElementById(STYLE_ID)) {
    const style = doc.createElement('style');
    style.id = STYLE_ID;
    // Vertical scrolling by touch stays the browser's; the sideways move is ours. No text selection while dragging.
    style.textContent = `${NOTICE}{touch-action:pan-y;user-select:none;cursor:grab}`;
    doc.head.appendChild(style);
  }

  const onDown = (e: PointerEvent) => {
    if (e.button !== 0 || !(e.target instanceof Element) || e.target.closest(INTERACTIVE)) return;
    const el = e.target.closest<HTMLElement>(NOTICE);
    if (!el) return;
    drag = { el, pointerId: e.pointerId, startX: e.clientX, width: el.getBoundingClientRect().width, dx: 0 };
    el.style.transition = 'none';
    el.setPointerCapture?.(e.pointerId);
  };

  const onMove = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    drag.dx = e.clientX - drag.startX;
    drag.el.style.transform = `translateX(${drag.dx}px)`;
    drag.el.style.opacity = String(Math.max(0.2, 1 - Math.abs(drag.dx) / drag.width));
  };

  const onEnd = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const { el, dx, width } = drag;
    drag = undefined;
    el.style.transition = SPRING;
    if (e.type === 'pointerup' && dragDismisses(dx, width)) {
      el.style.transform = `translateX(${Math.sign(dx) * width * 1.5}px)`;
      el.style.opacity = '0';
      const close = el.querySelector<HTMLElement>(CLOSE);
      if (close) close.click();
      else el.style.display = 'none';
      return;
    }
    el.style.transform = '';
    el.style.opacity = '';
  };

  doc.addEventListener('pointerdown', onDown, true);
  doc.addEventListener('pointermove', onMove, true);
  doc.addEventListener('pointerup', onEnd, true);
  doc.addEventListener('pointercancel', onEnd, true);
  installed = () => {
    doc.removeEventListener('pointerdown', onDown, true);
    doc.removeEventListener('pointermove', onMove, true);
    doc.removeEventListener('pointerup', onEnd, true);
    doc.removeEventListener('pointercancel', onEnd, true);
    doc.getElementById(STYLE_ID)?.remove();
    installed = undefined;
  };
  return installed;
}

/** Renders nothing; while mounted, toasts can be dragged away (for App.tsx: `<ToastDrag />` inside `<AntdApp>`). */
export function ToastDrag(): null {
  useEffect(() => {
    installToastDrag();
  }, []);
  return null;
}
