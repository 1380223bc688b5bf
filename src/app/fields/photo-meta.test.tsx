import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ImagesDisplay } from './images-display';
import { mapUrl, photoTitle, takenLabel } from './photo-meta';

const taken = new Date(2026, 2, 1, 14, 30).toISOString();

describe('photo metadata display', () => {
  it('formats when and where a photo was taken', () => {
    expect(takenLabel({ tiradaEm: taken })).toBe('Tirada em 01/03/2026 14:30');
    expect(takenLabel({})).toBe('');
    expect(photoTitle('fachada.jpg', { tiradaEm: taken })).toBe('fachada.jpg · Tirada em 01/03/2026 14:30');
    expect(photoTitle('fachada.jpg', {})).toBe('fachada.jpg');
    expect(mapUrl({ latitude: -23.5505, longitude: -46.6333 })).toBe('https://www.openstreetmap.org/?mlat=-23.5505&mlon=-46.6333#map=18/-23.5505/-46.6333');
    expect(mapUrl({ latitude: -23.5 })).toBeUndefined();
  });

  // antd puts the title on the image's wrapper (the tooltip over the image).
  it('shows the caption and the map link under an image that has them', () => {
    const files = [
      { key: '2026-03/a.jpg', name: 'a.jpg', size: 1, type: 'image/jpeg', tiradaEm: taken, latitude: -23.5505, longitude: -46.6333 },
      { key: '2026-03/b.jpg', name: 'b.jpg', size: 1, type: 'image/jpeg' },
    ];
    render(<ImagesDisplay files={files} mode="full" />);
    expect(screen.getByText('Tirada em 01/03/2026 14:30')).toBeInTheDocument();
    expect(screen.getByAltText('a.jpg').closest('[title]')).toHaveAttribute('title', 'a.jpg · Tirada em 01/03/2026 14:30');
    expect(screen.getByAltText('b.jpg').closest('[title]')).toHaveAttribute('title', 'b.jpg');
    const links = screen.getAllByRole('link', { name: /Ver no mapa/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', expect.stringContaining('mlat=-23.5505&mlon=-46.6333'));
  });
});
