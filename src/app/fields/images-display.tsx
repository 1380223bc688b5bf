/**
 * Thumbnails of an `images` field with antd's preview (zoom, rotate, gallery). Loaded by
 * display.tsx when a value has images, so lists without images do not download the viewer.
 */
import React from 'react';
import { Image, Space, Typography } from 'antd';
import type { StoredFile } from '../../../schemas/kinds';
import { fileUrl } from './file-url';
import { MapLink, photoTitle, takenLabel } from './photo-meta';

export function ImagesDisplay({ files, mode }: { files: StoredFile[]; mode: 'full' | 'cell' }): React.ReactElement {
  const list = Array.isArray(files) ? files : [];
  const shown = mode === 'cell' ? list.slice(0, 3) : list;
  const size = mode === 'cell' ? 32 : 104;
  return (
    <Image.PreviewGroup items={list.map((f) => fileUrl(f))}>
      <Space size={4} wrap>
        {shown.map((f) => {
          const image = (
            <Image key={f.key} src={fileUrl(f)} alt={f.name} title={photoTitle(f.name, f)} width={size} height={size} style={{ objectFit: 'cover' }} />
          );
          if (mode === 'cell' || (!f.tiradaEm && f.latitude === undefined)) return image;
          return (
            <Space key={f.key} direction="vertical" size={0} style={{ width: size }}>
              {image}
              {f.tiradaEm ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {takenLabel(f)}
                </Typography.Text>
              ) : null}
              <MapLink photo={f} name={f.name} />
            </Space>
          );
        })}
        {mode === 'cell' && list.length > shown.length ? <Typography.Text type="secondary">+{list.length - shown.length}</Typography.Text> : null}
      </Space>
    </Image.PreviewGroup>
  );
}
