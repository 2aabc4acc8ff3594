import { ApiProblem } from './api.ts';
import { type Child, fill, h } from './dom.ts';

export interface Field {
  name: string;
  label: string;
  type?: 'text' | 'url' | 'number' | 'month' | 'password' | 'textarea' | 'select' | 'checkbox';
  value?: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  maxlength?: number;
}

let fieldCounter = 0;

/** A problem as a person reads it: the API's detail, its code, and the request id for support. */
export function problemView(error: unknown): HTMLElement {
  if (error instanceof ApiProblem) {
    return h(
      'div',
      { class: 'problem', role: 'alert' },
      h('p', {}, error.detail),
      h(
        'p',
        { class: 'problem-meta' },
        error.code ? `Code: ${error.code}` : `Status: ${error.status}`,
        error.requestId ? ` · Request id: ${error.requestId}` : '',
      ),
    );
  }
  return h('div', { class: 'problem', role: 'alert' }, h('p', {}, (error as Error).message));
}

function control(field: Field, id: string): HTMLElement {
  const common = { id, name: field.name, required: field.required ?? false };
  if (field.type === 'textarea') return h('textarea', { ...common, rows: 4 }, field.value ?? '');
  if (field.type === 'select') {
    return h(
      'select',
      common,
      (field.options ?? []).map((option) =>
        h('option', { value: option.value, selected: option.value === field.value }, option.label),
      ),
    );
  }
  if (field.type === 'checkbox')
    return h('input', { ...common, type: 'checkbox', checked: field.value === 'true' });
  return h('input', {
    ...common,
    type: field.type ?? 'text',
    value: field.value ?? '',
    placeholder: field.placeholder,
    maxlength: field.maxlength,
    autocomplete: 'off',
  });
}

/**
 * A form whose fields show the API's field errors (`errors[].path`) beside them, and the problem's
 * detail and request id under it. The submit button is disabled while the call runs, so a double
 * click sends one request.
 */
export function apiForm(
  title: string,
  fields: readonly Field[],
  submit: string,
  action: (values: Record<string, string>) => Promise<Child | undefined>,
): HTMLFormElement {
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const rows = fields.map((field) => {
    fieldCounter += 1;
    const id = `field-${fieldCounter}`;
    const input = control(field, id);
    const error = h('p', { class: 'field-error', id: `${id}-error` });
    const label = h('label', { for: id }, field.label);
    return {
      field,
      input,
      error,
      element: h(
        'div',
        { class: `field${field.type === 'checkbox' ? ' checkbox' : ''}` },
        label,
        input,
        error,
      ),
    };
  });
  const button = h('button', { type: 'submit' }, submit);
  const form = h(
    'form',
    { class: 'api-form', 'aria-label': title },
    h('h3', {}, title),
    rows.map((row) => row.element),
    button,
    status,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const row of rows) {
      row.error.textContent = '';
      row.input.removeAttribute('aria-invalid');
      row.input.removeAttribute('aria-describedby');
      const input = row.input as HTMLInputElement;
      values[row.field.name] = row.field.type === 'checkbox' ? String(input.checked) : input.value;
    }
    fill(status);
    button.disabled = true;
    try {
      const done = await action(values);
      if (done) fill(status, h('div', { class: 'done' }, done));
    } catch (error) {
      fill(status, problemView(error));
      if (error instanceof ApiProblem) {
        for (const fieldError of error.errors) {
          const row = rows.find(
            (candidate) =>
              fieldError.path === candidate.field.name ||
              fieldError.path.startsWith(`${candidate.field.name}.`),
          );
          if (!row) continue;
          row.error.textContent = fieldError.message;
          row.input.setAttribute('aria-invalid', 'true');
          row.input.setAttribute('aria-describedby', row.error.id);
        }
      }
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

/** A button that runs one API call, showing its problem beside it when it fails. */
export function actionButton(label: string, action: () => Promise<void>, attributes = {}): HTMLElement {
  const status = h('span', { class: 'action-status', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', ...attributes }, label);
  button.addEventListener('click', async () => {
    button.disabled = true;
    fill(status);
    try {
      await action();
    } catch (error) {
      fill(status, problemView(error));
    } finally {
      button.disabled = false;
    }
  });
  return h('span', { class: 'action' }, button, status);
}
