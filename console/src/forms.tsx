import type { ComponentChildren, JSX, TargetedSubmitEvent } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiProblem } from './api.ts';

export interface Field {
  name: string;
  label: string;
  type?: 'text' | 'url' | 'month' | 'textarea' | 'select' | 'checkbox';
  value?: string | undefined;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  maxlength?: number;
}

/** A problem as a person reads it: the API's detail, its code, and the request id for support. */
export function ProblemView(props: { error: unknown }): JSX.Element {
  const { error } = props;
  if (error instanceof ApiProblem) {
    return (
      <div class="problem" role="alert">
        <p>{error.detail}</p>
        <p class="problem-meta">
          {error.code ? `Code: ${error.code}` : `Status: ${error.status}`}
          {error.requestId ? ` · Request id: ${error.requestId}` : ''}
        </p>
      </div>
    );
  }
  return (
    <div class="problem" role="alert">
      <p>{(error as Error).message}</p>
    </div>
  );
}

/** Whether the keyboard focus was lost: its element disabled or removed, so Tab would start over. */
export function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * Inputs keep what the person typed across re-renders: initial values go in as defaults, never as
 * controlled values, so showing a field error does not reset the form.
 */
function Control(props: { field: Field; id: string; invalid: boolean }): JSX.Element {
  const { field, id } = props;
  const common = {
    id,
    name: field.name,
    required: field.required ?? false,
    'aria-invalid': props.invalid ? ('true' as const) : undefined,
    'aria-describedby': props.invalid ? `${id}-error` : undefined,
  };
  if (field.type === 'textarea') return <textarea {...common} rows={4} defaultValue={field.value ?? ''} />;
  if (field.type === 'select') {
    return (
      <select {...common}>
        {(field.options ?? []).map((option) => (
          <option value={option.value} selected={option.value === field.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'checkbox')
    return <input {...common} type="checkbox" defaultChecked={field.value === 'true'} />;
  return (
    <input
      {...common}
      // Preact types each input `type` apart; these three take the same attributes.
      type={(field.type ?? 'text') as 'text'}
      defaultValue={field.value ?? ''}
      placeholder={field.placeholder}
      maxLength={field.maxlength}
      autocomplete="off"
    />
  );
}

function valuesOf(form: HTMLFormElement, fields: readonly Field[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.name) as HTMLInputElement | null;
    if (!input) continue;
    values[field.name] = field.type === 'checkbox' ? String(input.checked) : input.value;
  }
  return values;
}

/** The field a field error (`errors[].path`) belongs to: its name, or a path inside it. */
function fieldOf(fields: readonly Field[], path: string): Field | undefined {
  return fields.find((field) => path === field.name || path.startsWith(`${field.name}.`));
}

/**
 * A form whose fields show the API's field errors (`errors[].path`) beside them, and the problem's
 * detail and request id under it. The submit button is disabled while the call runs, so a double
 * click sends one request.
 */
export function ApiForm(props: {
  title: string;
  fields: readonly Field[];
  submit: string;
  action: (values: Record<string, string>) => Promise<ComponentChildren | undefined>;
}): JSX.Element {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ComponentChildren>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLDivElement>(null);
  // The submit button is disabled while the call runs, which drops the keyboard focus; once it
  // ends the focus goes to what it brought: the first field in error, or the outcome shown.
  useEffect(() => {
    if (busy || !focusLost()) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (done || problem) status.current?.focus();
    else form.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [busy]);
  const onSubmit = async (event: TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = valuesOf(event.currentTarget, props.fields);
    setFieldErrors({});
    setDone(null);
    setProblem(null);
    setBusy(true);
    try {
      setDone((await props.action(values)) ?? null);
    } catch (error) {
      setProblem(error);
      if (error instanceof ApiProblem) {
        const byField: Record<string, string> = {};
        for (const fieldError of error.errors) {
          const field = fieldOf(props.fields, fieldError.path);
          if (field) byField[field.name] = fieldError.message;
        }
        setFieldErrors(byField);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={form} class="api-form" aria-label={props.title} onSubmit={onSubmit}>
      <h3>{props.title}</h3>
      {props.fields.map((field) => {
        const id = `${formId}-${field.name}`;
        const error = fieldErrors[field.name];
        return (
          <div class={`field${field.type === 'checkbox' ? ' checkbox' : ''}`}>
            <label for={id}>{field.label}</label>
            <Control field={field} id={id} invalid={error !== undefined} />
            <p class="field-error" id={`${id}-error`}>
              {error}
            </p>
          </div>
        );
      })}
      <button type="submit" disabled={busy}>
        {props.submit}
      </button>
      <div ref={status} class="form-status" aria-live="polite" tabindex={-1}>
        {done ? <div class="done">{done}</div> : null}
        {problem ? <ProblemView error={problem} /> : null}
      </div>
    </form>
  );
}

/** A button that runs one API call, showing its problem beside it when it fails. */
export function ActionButton(props: {
  label: string;
  action: () => Promise<void>;
  ariaLabel?: string;
}): JSX.Element {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Disabled while the call runs, the button loses the keyboard focus; it takes it back after.
  useEffect(() => {
    if (!busy && focusLost()) button.current?.focus();
  }, [busy]);
  const onClick = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await props.action();
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
    // The action took the button away (an approved job offers no Approve): the page keeps the focus.
    if (!button.current?.isConnected && focusLost()) document.getElementById('main')?.focus();
  };
  return (
    <span class="action">
      <button ref={button} type="button" disabled={busy} aria-label={props.ariaLabel} onClick={onClick}>
        {props.label}
      </button>
      <span class="action-status" aria-live="polite">
        {problem ? <ProblemView error={problem} /> : null}
      </span>
    </span>
  );
}
