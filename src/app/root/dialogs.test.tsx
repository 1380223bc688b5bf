import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider, QuickConfirm, QuickInput, useDialogs, type DialogsApi } from './dialogs';

function capture(): { api: () => DialogsApi; ui: React.ReactElement } {
  let current: DialogsApi | null = null;
  function Grab() {
    current = useDialogs();
    return null;
  }
  return {
    api: () => current as unknown as DialogsApi,
    ui: (
      <DialogProvider>
        <Grab />
      </DialogProvider>
    ),
  };
}

describe('dialogs', () => {
  it('confirm resolves true on OK (submit)', async () => {
    const { api, ui } = capture();
    render(ui);
    let result: Promise<boolean> | undefined;
    act(() => {
      result = api().confirm({ title: 'Excluir RDO', text: 'Deseja excluir o diário?' });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Excluir RDO');
    expect(dialog).toHaveTextContent('Deseja excluir o diário?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByText('Deseja excluir o diário?')).toBeNull());
  });

  it('confirm resolves false on "Cancelar"', async () => {
    const { api, ui } = capture();
    render(ui);
    let result: Promise<boolean> | undefined;
    act(() => {
      result = api().confirm({ title: 'Excluir', text: 'Tem certeza?' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await expect(result).resolves.toBe(false);
  });

  it('alert has only OK and resolves on it', async () => {
    const { api, ui } = capture();
    render(ui);
    let result: Promise<void> | undefined;
    act(() => {
      result = api().alert({ title: 'Aviso', text: 'Operação concluída.' });
    });
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(screen.queryByRole('button', { name: /fechar|close/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBeUndefined();
  });

  it('is 400 wide, at z-index 2400 over a mask at 2000', async () => {
    const { api, ui } = capture();
    render(ui);
    act(() => {
      void api().confirm({ title: 'T', text: 'x' });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveStyle({ width: '400px' });
    const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
    const mask = document.querySelector('.ant-modal-mask') as HTMLElement;
    expect(wrap.style.zIndex).toBe('2400');
    expect(mask.style.zIndex).toBe('2000');
  });

  it('shows dialogs one after the other', async () => {
    const { api, ui } = capture();
    render(ui);
    let first: Promise<boolean> | undefined;
    let second: Promise<boolean> | undefined;
    act(() => {
      first = api().confirm({ title: 'Primeiro', text: 'um' });
      second = api().confirm({ title: 'Segundo', text: 'dois' });
    });
    await screen.findByText('um');
    expect(screen.queryByText('dois')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first).resolves.toBe(true);
    await screen.findByText('dois');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(second).resolves.toBe(false);
  });

  it('useDialogs outside the provider throws', () => {
    function Bad() {
      useDialogs();
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Bad />)).toThrow(/DialogProvider/);
    spy.mockRestore();
  });
});

/** jsdom never ends CSS transitions: a closed popover stays in its leave (or hidden) state. */
function expectClosing(popup: HTMLElement) {
  expect(popup.className).toMatch(/ant-zoom-big-leave|ant-popover-hidden/);
}

describe('quick menus', () => {
  it('QuickConfirm opens from its parent element, 350 wide, and closes on submit', async () => {
    const onConfirm = vi.fn();
    render(
      <QuickConfirm title="Excluir este item?" onConfirm={onConfirm}>
        <button type="button">Excluir</button>
      </QuickConfirm>,
    );
    expect(screen.queryByText('Excluir este item?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const title = await screen.findByText('Excluir este item?');
    const popup = title.closest('.ant-popover') as HTMLElement;
    expect(popup.style.width).toBe('350px');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await waitFor(() => expectClosing(popup));
  });

  it('QuickInput opens from its parent, submits the text, closes and is emptied', async () => {
    const onSubmit = vi.fn();
    function Host() {
      const [last, setLast] = useState('');
      return (
        <>
          <QuickInput
            title="Novo comentário"
            onSubmit={(v) => {
              onSubmit(v);
              setLast(v);
            }}
          >
            <button type="button">Comentar</button>
          </QuickInput>
          <output>{last}</output>
        </>
      );
    }
    render(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    const input = (await screen.findByRole('textbox', { name: 'Novo comentário' })) as HTMLInputElement;
    const popup = input.closest('.ant-popover') as HTMLElement;
    expect(popup.style.width).toBe('350px');
    // empty text cannot be submitted
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();

    fireEvent.change(input, { target: { value: 'Primeiro comentário' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Primeiro comentário'));
    await waitFor(() => expectClosing(popup));
    expect(screen.getByRole('status')).toHaveTextContent('Primeiro comentário');

    // reopened after submit: emptied
    fireEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Novo comentário' }) as HTMLInputElement).value).toBe(''));
  });

  it('QuickInput keeps text typed but not submitted', async () => {
    const onSubmit = vi.fn();
    render(
      <QuickInput title="Observação" onSubmit={onSubmit}>
        <button type="button">Anotar</button>
      </QuickInput>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Anotar' }));
    const input = (await screen.findByRole('textbox', { name: 'Observação' })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Rascunho' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expectClosing(input.closest('.ant-popover') as HTMLElement));
    fireEvent.click(screen.getByRole('button', { name: 'Anotar' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Observação' }) as HTMLInputElement).value).toBe('Rascunho'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('QuickInput submits with Enter', async () => {
    const onSubmit = vi.fn();
    render(
      <QuickInput title="Renomear" onSubmit={onSubmit}>
        <button type="button">Renomear</button>
      </QuickInput>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Renomear' }));
    const input = await screen.findByRole('textbox', { name: 'Renomear' });
    fireEvent.change(input, { target: { value: 'Obra A' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Obra A'));
  });
});
