import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { MoveButtons } from './editor-parts';
import { FileTransfer } from './file-transfer';
import { ItemList } from './item-list';
import { ItemPhoto } from './item-photo';
import type { MenuDraft, MenuEditorCaller } from './menu-editor-api';
import type { EditorFile } from './menu-file';
import type { MenuDraftState } from './use-menu-draft';

const file: EditorFile = {
  menu_groups: [
    {
      id: 1,
      name: 'All day',
      menus: [
        {
          id: 2,
          name: 'Lunch',
          sections: [
            {
              id: 3,
              name: 'Starters',
              items: [
                { id: 10, name: 'Crispy calamari', price: '12.00', order: 0 },
                { id: 11, name: 'Soup of the day', price: '7.00', order: 1 },
              ],
            },
          ],
        },
      ],
    },
  ],
};

function fakeState(save = vi.fn(async () => [])): MenuDraftState {
  return { save, busy: false, conflict: null } as unknown as MenuDraftState;
}

describe('removing an item', () => {
  it('asks first, as a section’s removal does; "Keep" removes nothing, "Remove" saves the draft without it', async () => {
    const save = vi.fn(async () => []);
    const { container } = renderWithProviders(
      <ItemList title="Starters" place={{ group: 0, menu: 0, section: 0 }} file={file} state={fakeState(save)} canChange />,
    );
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Crispy calamari' }));
    const question = screen.getByRole('group', { name: /Remove the item Crispy calamari\?/ });
    expect(save).not.toHaveBeenCalled();
    // The question's "Remove" has the focus at once.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Yes, remove it' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: /Remove the item/ })).toBeNull();
    expect(save).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Crispy calamari' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: /Remove the item Crispy calamari\?/ })).getByRole('button', { name: 'Yes, remove it' }),
    );
    expect(save).toHaveBeenCalledTimes(1);
    const saved = (save.mock.calls[0] as unknown as [EditorFile])[0];
    expect(saved.menu_groups![0]!.menus![0]!.sections![0]!.items!.map((item) => item.name)).toEqual(['Soup of the day']);
  });
});

/** Three rows moved by their buttons, each move a save that takes a moment (busy meanwhile), as the draft's. */
function Rows({ onBusy }: { onBusy?: (busy: boolean) => void }) {
  const [names, setNames] = useState(['Starters', 'Mains', 'Desserts']);
  const [busy, setBusy] = useState(false);
  const move = (name: string, step: -1 | 1) => {
    setBusy(true);
    onBusy?.(true);
    setTimeout(() => {
      setNames((list) => {
        const next = [...list];
        const at = next.indexOf(name);
        next.splice(at, 1);
        next.splice(at + step, 0, name);
        return next;
      });
      setBusy(false);
      onBusy?.(false);
    }, 10);
  };
  return (
    <ul>
      {names.map((name, rank) => (
        <li key={name}>
          {name}
          <MoveButtons
            up={`Move ${name} up`}
            down={`Move ${name} down`}
            first={rank === 0}
            last={rank === names.length - 1}
            busy={busy}
            onMove={(step) => move(name, step)}
          />
        </li>
      ))}
    </ul>
  );
}

describe('moving by the keyboard', () => {
  it('keeps the focus on the moved row’s button, and on its counterpart once it reaches the end', async () => {
    renderWithProviders(<Rows />);
    const down = screen.getByRole<HTMLButtonElement>('button', { name: 'Move Starters down' });
    down.focus();
    fireEvent.click(down);
    // While saving the button stays focusable: said busy, not disabled.
    expect(down.getAttribute('aria-disabled')).toBe('true');
    expect(down.disabled).toBe(false);
    expect(document.activeElement).toBe(down);
    // A second press while it saves does nothing.
    fireEvent.click(down);
    await waitFor(() => expect(down.hasAttribute('aria-disabled')).toBe(false));
    expect(screen.getAllByRole('listitem').map((row) => row.firstChild?.textContent)).toEqual(['Mains', 'Starters', 'Desserts']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Starters down' }));

    // Down again: now last, its "down" is disabled, so "up" takes the focus.
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Move Starters down' }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getAllByRole('listitem').map((row) => row.firstChild?.textContent)).toEqual(['Mains', 'Desserts', 'Starters']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Starters up' })));
  });

  it('gives the focus back when the save dropped it on the page', async () => {
    let saving = false;
    renderWithProviders(<Rows onBusy={(busy) => (saving = busy)} />);
    const up = screen.getByRole('button', { name: 'Move Desserts up' });
    up.focus();
    fireEvent.click(up);
    // As a browser does when the focused row is moved in the page.
    act(() => up.blur());
    expect(saving).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Desserts up' })));
  });
});

describe('an uploaded photo', () => {
  function Photo({ saved }: { saved: string | null }) {
    const [image, setImage] = useState<string | null>(null);
    return <ItemPhoto id="p" image={image} saved={saved} onChange={setImage} upload={async () => '/api/images/1.jpg'} disabled={false} />;
  }

  it('asks for a save until the item is saved with it', async () => {
    const { rerender } = renderWithProviders(<Photo saved={null} />);
    const input = screen.getByLabelText('Photo');
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Save the item/));
    rerender(<Photo saved="/api/images/1.jpg" />);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('importing a file', () => {
  const caller = { slug: 'maple-bistro' } as unknown as MenuEditorCaller;
  const draftOf = (unpublished: boolean): MenuDraft => ({
    draft: unpublished,
    revision: unpublished ? 25 : 0,
    file,
    file_scope: 'whole',
    saved_by: unpublished ? { name: 'Mia Manager', email: 'manager@maple-bistro.example.com' } : null,
    saved_at: unpublished ? '2026-12-02T13:08:00.000Z' : null,
    published_version: 3,
  });
  const choose = async (input: HTMLElement) => {
    const chosen = new File([JSON.stringify(file)], 'maple-bistro.json', { type: 'application/json' });
    // jsdom's File may lack text(); the browser's has it.
    Object.defineProperty(chosen, 'text', { value: async () => JSON.stringify(file) });
    await act(async () => {
      fireEvent.change(input, { target: { files: [chosen] } });
    });
  };

  it('asks before replacing a draft that holds unpublished changes; "Keep my draft" saves nothing', async () => {
    const save = vi.fn(async () => []);
    renderWithProviders(<FileTransfer caller={caller} draft={draftOf(true)} state={fakeState(save)} canChange />);
    await choose(screen.getByLabelText(/Import/));
    const question = await screen.findByRole('dialog', { name: 'Import maple-bistro.json as the draft?' });
    expect(question.textContent).toContain('Your draft has changes not yet published (revision 25');
    fireEvent.click(within(question).getByRole('button', { name: 'Keep my draft' }));
    expect(save).not.toHaveBeenCalled();

    await choose(screen.getByLabelText(/Import/));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace my draft with maple-bistro.json' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  });

  it('imports at once when there is no draft to lose', async () => {
    const save = vi.fn(async () => []);
    renderWithProviders(<FileTransfer caller={caller} draft={draftOf(false)} state={fakeState(save)} canChange />);
    await choose(screen.getByLabelText(/Import/));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
