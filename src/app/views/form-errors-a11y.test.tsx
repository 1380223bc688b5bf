/**
 * Issue 28 (WCAG 3.3.1, 4.1.3): a validation error of the generic record form is announced (it
 * appears inside a role="alert" element) and is linked to its input (aria-invalid, and
 * aria-describedby naming the element that shows the error), against the real API in process.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createMockApi } from '../../../mocks/api';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { renderViews } from '../../../tests/app/test-utils';

let mock: Awaited<ReturnType<typeof createMockApi>>;
let server: ReturnType<typeof setupServer>;
const obra = schemaByName('obra') as EntitySchema;
const T = { timeout: 20_000 };

beforeAll(async () => {
  mock = await createMockApi({ userEmail: 'admin@portal.local' });
  server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  server?.close();
  await mock?.close();
});
beforeEach(() => cleanup());

/** The text of the elements an input's aria-describedby names. */
function description(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('validation errors of the generic form', () => {
  it('an empty required field is marked invalid, described by its error, and the error is an alert', async () => {
    renderViews({ schemas: [obra], path: '/obras/create' });
    await screen.findByText('Nova obra', {}, T);
    const nome = screen.getByLabelText('Nome');
    expect(nome).toHaveAttribute('aria-required', 'true');
    expect(nome).not.toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));

    await waitFor(() => expect(nome).toHaveAttribute('aria-invalid', 'true'), T);
    await waitFor(() => expect(description(nome)).toContain('Campo obrigatório.'), T);
    // The element the input names holds the message inside an alert (announced when it appears).
    const help = document.getElementById((nome.getAttribute('aria-describedby') ?? '').split(/\s+/)[0]) as HTMLElement;
    expect(within(help).getByRole('alert')).toHaveTextContent('Campo obrigatório.');
    // Every field left in error is linked the same way, and each error text is one alert.
    const invalid = [...document.querySelectorAll<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')];
    expect(invalid.length).toBeGreaterThanOrEqual(3);
    for (const input of invalid) expect(description(input), input.id).toMatch(/Campo obrigatório\./);
    expect(screen.getAllByRole('alert').filter((a) => a.textContent === 'Campo obrigatório.')).toHaveLength(invalid.length);

    // Fixed: the mark and the alert go away; a rule's own message (validator) is an alert too.
    fireEvent.change(nome, { target: { value: 'ab' } });
    await waitFor(
      () => expect(within(document.getElementById(`${nome.id}_help`) as HTMLElement).getByRole('alert')).toHaveTextContent('Mínimo de 3 caracteres.'),
      T,
    );
    fireEvent.change(nome, { target: { value: 'Obra nova de teste' } });
    await waitFor(() => expect(nome).not.toHaveAttribute('aria-invalid', 'true'), T);
  });
});
