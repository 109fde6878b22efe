/**
 * The student site's components: small, unstyled by props beyond a tone or a variant, accessible by default. The
 * look lives in components.css and tokens.css; /components shows every one of them.
 */
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { Link, NavLink, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';

function buttonClass(variant: ButtonVariant, small?: boolean, block?: boolean, extra?: string): string {
  return ['button', `button--${variant}`, small ? 'button--small' : '', block ? 'button--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  small?: boolean;
  block?: boolean;
  busy?: boolean;
}

export function Button({ variant = 'primary', small, block, busy, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, small, block, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className="spinner spinner--inline" aria-hidden="true" style={{ width: 18, height: 18, borderWidth: 2 }} /> : null}
      {children}
    </button>
  );
}

export function ButtonLink({ variant = 'primary', small, block, className, ...rest }: LinkProps & { variant?: ButtonVariant; small?: boolean; block?: boolean }) {
  return <Link className={buttonClass(variant, small, block, className)} {...rest} />;
}

export function Card({ title, children, className, headingLevel = 2 }: { title?: ReactNode; children?: ReactNode; className?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', className].filter(Boolean).join(' ')}>
      {title ? <Heading className="card__title">{title}</Heading> : null}
      {children}
    </section>
  );
}

export type Tone = 'default' | 'success' | 'danger' | 'info' | 'neutral';

export function Badge({ tone = 'default', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={tone === 'default' ? 'badge' : `badge badge--${tone}`}>{children}</span>;
}

export type AlertTone = 'info' | 'success' | 'error' | 'warning';

export function Alert({ tone = 'info', children }: { tone?: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div>{children}</div>
    </div>
  );
}

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function TextField({ label, hint, error, className, ...rest }: FieldFrame & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={['input', className].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function SelectField({ label, hint, error, children, ...rest }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...rest}>
        {children}
      </select>
      {hint ? <span className="field__hint">{hint}</span> : null}
      {error ? (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Checkbox({ label, ...rest }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className="checkbox">
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}

/** Navigation tabs: each tab is a route, so a tab can be linked to and the back button works. */
export function Tabs({ label, tabs }: { label: string; tabs: { to: string; label: ReactNode; end?: boolean }[] }) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className="tabs__tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </div>
  );
}

/** A placeholder of the final size, so content arriving later does not push the page around. */
export function Skeleton({ height = 20, width = '100%' }: { height?: number | string; width?: number | string }) {
  return <div className="skeleton" style={{ height, width }} aria-hidden="true" />;
}

export function EmptyState({ icon = '✦', title, children }: { icon?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty">
      <span className="empty__icon" aria-hidden="true">
        {icon}
      </span>
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

export function Stat({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="stat">
      <span className="stat__value">{value}</span>
      <span className="stat__label">{label}</span>
    </div>
  );
}

export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
      <div className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

export type TooltipPosition = 'top' | 'bottom' | 'left' | 'right';

/** Spec section 2: a tooltip on top (default), bottom, left or right; shown on hover and on keyboard focus. */
export function Tooltip({ text, position = 'top', children }: { text: string; position?: TooltipPosition; children: ReactNode }) {
  const id = useId();
  return (
    <span className={`tooltip tooltip--${position}`} aria-describedby={id}>
      {children}
      <span id={id} role="tooltip" className="tooltip__bubble">
        {text}
      </span>
    </span>
  );
}

/**
 * A file picker in the interface language: the browser's own control speaks the browser's language ("Choose File",
 * "No file chosen"), so the native input is kept for the keyboard and screen readers but shown as a button and the
 * chosen file's name (or `noneLabel`).
 */
export function FileField({
  label,
  chooseLabel,
  noneLabel,
  fileName,
  hint,
  error,
  ...rest
}: FieldFrame & { chooseLabel: string; noneLabel: string; fileName: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <span className="field__label" aria-hidden="true">
        {label}
      </span>
      <div className="file-field">
        <input id={id} type="file" className="file-field__input" aria-label={typeof label === 'string' ? label : undefined} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
        <label htmlFor={id} className="button button--outline button--small file-field__button" aria-hidden="true">
          {chooseLabel}
        </label>
        <span className="file-field__name">{fileName ?? noneLabel}</span>
      </div>
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
