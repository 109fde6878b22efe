/**
 * Toasts (spec section 9): types success, error, warning, info, default; 5 s by default; at most 20 shown, the
 * oldest leaving first; top-right; dragged sideways past 60 % of its width, a toast is dismissed.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'default';

export interface ToastInput {
  type?: ToastType;
  title?: string;
  text: string;
  /** Milliseconds; 0 keeps the toast until closed. */
  timeout?: number;
}

interface Toast extends Required<Omit<ToastInput, 'title'>> {
  id: number;
  title?: string;
}

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_LIMIT = 20;
export const TOAST_DRAG_DISMISS = 0.6;

interface ToastApi {
  show(toast: ToastInput): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

let nextId = 1;

export function ToastProvider({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((input: ToastInput) => {
    const toast: Toast = { id: nextId++, type: input.type ?? 'default', title: input.title, text: input.text, timeout: input.timeout ?? TOAST_TIMEOUT_MS };
    setToasts((list) => [...list, toast].slice(-TOAST_LIMIT));
    return toast.id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} closeLabel={closeLabel} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose, closeLabel }: { toast: Toast; onClose: () => void; closeLabel: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; pointer: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!toast.timeout || paused) return;
    const timer = setTimeout(onClose, toast.timeout);
    return () => clearTimeout(timer);
  }, [toast.timeout, paused, onClose]);

  return (
    <div
      ref={ref}
      className={`toast toast--${toast.type}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / (ref.current?.offsetWidth ?? 1)) } : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onPointerDown={(e) => {
        drag.current = { x: e.clientX, pointer: e.pointerId };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (drag.current?.pointer === e.pointerId) setOffset(e.clientX - drag.current.x);
      }}
      onPointerUp={(e) => {
        if (drag.current?.pointer !== e.pointerId) return;
        drag.current = null;
        const width = ref.current?.offsetWidth ?? 1;
        if (Math.abs(offset) >= width * TOAST_DRAG_DISMISS) onClose();
        else setOffset(0);
      }}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(0);
      }}
    >
      <div className="toast__body">
        {toast.title ? <p className="toast__title">{toast.title}</p> : null}
        <p>{toast.text}</p>
      </div>
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
