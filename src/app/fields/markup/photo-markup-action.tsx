/**
 * "Marcar foto" on a photo of an `images` field in a record's form (the form is where the person may
 * change the record): opens the editor (loaded on first use) and hands the saved copy back, to be put
 * beside the photo in the field value.
 */
import React, { lazy, Suspense, useState } from 'react';
import { Button, message } from 'antd';
import { HighlightOutlined } from '@ant-design/icons';
import type { StoredFile } from '../../../../schemas/kinds';
import { isDeviceKey } from '../../offline/device-files';
import { loadMarkupSource, saveMarkedCopy, type MarkupSource } from './markup-save';

const PhotoMarkupEditor = lazy(() => import('./photo-markup-editor'));

export interface PhotoMarkupActionProps {
  photo: StoredFile;
  field: string;
  deviceOwner?: string;
  onSaved: (copy: StoredFile) => void;
  /** Why no copy can be added (the field is full): shown instead of opening the editor. */
  refusal?: string;
  style?: React.CSSProperties;
}

export function PhotoMarkupAction({ photo, field, deviceOwner, onSaved, refusal, style }: PhotoMarkupActionProps): React.ReactElement {
  const [source, setSource] = useState<MarkupSource | null>(null);
  const [opening, setOpening] = useState(false);
  const [messageApi, holder] = message.useMessage();

  const open = async () => {
    if (refusal) return void messageApi.warning(`${refusal} Remova uma foto para guardar a foto marcada.`);
    setOpening(true);
    try {
      setSource(await loadMarkupSource(photo));
    } catch (err) {
      void messageApi.error(err instanceof Error ? err.message : 'Não foi possível abrir a foto.');
    } finally {
      setOpening(false);
    }
  };

  const close = () => {
    if (source?.owned && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(source.src);
    setSource(null);
  };

  return (
    <>
      {holder}
      <Button
        size="small"
        shape="circle"
        icon={<HighlightOutlined />}
        aria-label={`Marcar foto ${photo.name}`}
        title="Marcar foto"
        loading={opening}
        onClick={() => void open()}
        style={style}
      />
      {source ? (
        <Suspense fallback={null}>
          <PhotoMarkupEditor
            src={source.src}
            name={photo.name}
            initial={source.initial}
            onClose={close}
            onSave={async (image, drawing) => {
              const copy = await saveMarkedCopy(source.base, image, drawing, { field, deviceOwner, photo });
              onSaved(copy);
              close();
              void messageApi.success(
                isDeviceKey(copy.key)
                  ? 'Foto marcada guardada no aparelho, ao lado da original: ela será enviada com o registro quando houver rede.'
                  : 'Foto marcada adicionada ao lado da original. Salve o formulário para guardá-la no registro.',
              );
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
