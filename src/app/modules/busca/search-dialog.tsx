/**
 * The search box's dialog (issue 39): a modal over the page on a desktop, the whole screen on a
 * phone; the combobox inside takes the focus, Escape closes it and gives the focus back.
 */
import { Grid, Modal } from 'antd';
import { INPUT_ID, SearchCombobox } from './search-combobox';
import { SearchStyles } from './search-styles';

export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title="Buscar no portal"
      destroyOnHidden
      width={phone ? '100vw' : 720}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : { top: 64 }}
      styles={
        phone
          ? {
              content: { borderRadius: 0, minHeight: '100dvh', display: 'flex', flexDirection: 'column', padding: 12 },
              body: { flex: '1 1 auto', display: 'flex', minHeight: 0 },
            }
          : undefined
      }
      closable={{ 'aria-label': 'Fechar a busca' }}
      // The dialog focuses itself when it opens: the focus then goes to the search field.
      afterOpenChange={(shown) => {
        if (shown) document.getElementById(INPUT_ID)?.focus();
      }}
    >
      <SearchStyles />
      <SearchCombobox onDone={onClose} compact={phone} />
    </Modal>
  );
}
