/**
 * The reference picker when the network drops with the form open (issue 42, a punch item written on
 * site): its first page is read anyway (the service worker answers it from the device), instead of
 * React Query pausing the read and the picker showing "Nenhum resultado".
 */
import React, { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Refine, type DataProvider } from '@refinedev/core';
import { schemaByName } from '../../../../schemas';
import { ReferenceSelect } from './reference-select';

const field = schemaByName('itemVerificacao')!.fields.find((f) => f.name === 'empresaResponsavel')!;
const T = { timeout: 10_000 };

function provider(getList: DataProvider['getList']): DataProvider {
  const none = () => Promise.reject(new Error('não usado'));
  return { getList, getOne: none, getMany: none, create: none, update: none, deleteOne: none, getApiUrl: () => 'http://localhost/api/v1' } as DataProvider;
}

/** The picker appears only when asked, so that the network can drop before it mounts. */
function Later() {
  const [shown, setShown] = useState(false);
  return shown ? (
    <ReferenceSelect field={field} id="empresa" aria-label="Empresa responsável" onChange={() => undefined} />
  ) : (
    <button type="button" onClick={() => setShown(true)}>
      Mostrar
    </button>
  );
}

describe('ReferenceSelect offline', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('online'));
  });

  it('reads its first page after the network dropped (the device keeps it), instead of pausing', async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 1, cnpj: '11222333000181', nome: 'Montagens Ideal Ltda.' }], total: 1 })) as never;
    render(
      <Refine dataProvider={provider(getList)} resources={[{ name: 'empresas' }]} options={{ disableTelemetry: true }}>
        <Later />
      </Refine>,
    );
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    await vi.waitFor(() => expect(getList).toHaveBeenCalled(), T);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText(/Montagens Ideal Ltda\./, {}, T)).toBeInTheDocument();
  });
});
