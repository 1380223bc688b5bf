/**
 * The site gallery (`/obras/:obra/galeria`): every photo of the site the user may see, as a grid of
 * thumbnails (never the full image), newest first, filtered by period and source (in the URL), the
 * next page loaded as the user scrolls (IntersectionObserver), the full image only when a photo is
 * opened in the lightbox, and each photo linked to its record.
 */
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Card, DatePicker, Empty, Form, Image, Select, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { schemaByName } from '../../../../schemas';
import { entityPaths } from '../../../../resources/routes';
import { gallerySourceOptions } from '../../../../resources/gallery';
import { authHeaders, getApiUrl } from '../../providers/data-provider';
import { formatDate } from '../../format';
import { MapLink, photoTitle, takenLabel, type PhotoMeta } from '../../fields/photo-meta';

export interface GalleryPhoto extends PhotoMeta {
  key: string;
  nome: string;
  data: string | null;
  fonte: string;
  recurso: string;
  registro: number;
  titulo: string | null;
  url: string;
  thumbUrl: string;
}

export const GALLERY_PAGE_SIZE = 24;
const SOURCES = gallerySourceOptions();
const sourceLabel = (fonte: string) => SOURCES.find((s) => s.value === fonte)?.label ?? fonte;
/** The record a photo belongs to, as its link shows it ("Diário de obra nº 12"). */
const recordText = (p: GalleryPhoto) => `${schemaByName(p.fonte)?.label ?? sourceLabel(p.fonte)} ${p.titulo ?? `nº ${p.registro}`}`;

/** The API serves `/api/v1/...`; the app may talk to another base (tests, a separate API origin). */
const apiPath = (path: string) => (path.startsWith('/api/v1/') ? `${getApiUrl()}${path.slice('/api/v1'.length)}` : path);

function recordPath(p: GalleryPhoto): string | undefined {
  const schema = schemaByName(p.fonte);
  return schema ? entityPaths(schema).show.replace(':id', encodeURIComponent(String(p.registro))) : undefined;
}

async function fetchPage(obra: string, start: number, filters: { de?: string; ate?: string; fonte?: string }) {
  const q = new URLSearchParams({ _start: String(start), _end: String(start + GALLERY_PAGE_SIZE) });
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  const res = await fetch(`${getApiUrl()}/obras/${encodeURIComponent(obra)}/galeria?${q}`, { headers: await authHeaders() });
  const body = (await res.json().catch(() => null)) as GalleryPhoto[] | { message?: string } | null;
  if (!res.ok || !Array.isArray(body)) throw new Error((body && !Array.isArray(body) && body.message) || 'Não foi possível carregar a galeria.');
  return { photos: body, total: Number(res.headers.get('x-total-count') ?? body.length) };
}

export function GalleryPage(): React.ReactElement {
  const { obra = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const de = params.get('de') ?? undefined;
  const ate = params.get('ate') ?? undefined;
  const fonte = params.get('fonte') ?? undefined;
  const [photos, setPhotos] = useState<GalleryPhoto[]>([]);
  const [total, setTotal] = useState<number | undefined>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const generation = useRef(0);
  const busy = useRef(false);

  const load = useCallback(
    async (start: number) => {
      if (busy.current) return;
      busy.current = true;
      const gen = generation.current;
      setLoading(true);
      try {
        const page = await fetchPage(obra, start, { de, ate, fonte });
        if (gen !== generation.current) return;
        setPhotos((prev) => (start === 0 ? page.photos : [...prev, ...page.photos]));
        setTotal(page.total);
        setError(undefined);
      } catch (e) {
        if (gen === generation.current) setError((e as Error).message);
      } finally {
        busy.current = false;
        if (gen === generation.current) setLoading(false);
      }
    },
    [obra, de, ate, fonte],
  );

  // New filters: start over.
  useEffect(() => {
    generation.current++;
    busy.current = false;
    setPhotos([]);
    setTotal(undefined);
    void load(0);
  }, [load]);

  const hasMore = total === undefined || photos.length < total;
  // The next page when the end of the grid comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loading || error || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void load(photos.length);
      },
      { rootMargin: '400px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading, error, load, photos.length]);

  const setFilter = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };

  return (
    <section aria-labelledby="galeria-title">
      <Typography.Title level={3} id="galeria-title">
        Galeria da obra {obra}
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="Período" htmlFor="galeria-periodo">
            <DatePicker.RangePicker
              id="galeria-periodo"
              format="DD/MM/YYYY"
              allowEmpty={[true, true]}
              value={[de ? dayjs(de) : null, ate ? dayjs(ate) : null]}
              onChange={(v) => setFilter({ de: v?.[0]?.format('YYYY-MM-DD'), ate: v?.[1]?.format('YYYY-MM-DD') })}
              placeholder={['Início', 'Fim']}
            />
          </Form.Item>
          <Form.Item label="Origem" htmlFor="galeria-origem">
            <Select
              id="galeria-origem"
              allowClear
              placeholder="Todas"
              style={{ minWidth: 220 }}
              value={fonte}
              options={SOURCES}
              onChange={(v?: string) => setFilter({ fonte: v })}
            />
          </Form.Item>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {total !== undefined ? (
        <Typography.Paragraph type="secondary" aria-live="polite">
          {total === 1 ? '1 foto' : `${total.toLocaleString('pt-BR')} fotos`}
        </Typography.Paragraph>
      ) : null}
      {total === 0 && !loading ? <Empty description="Nenhuma foto encontrada para estes filtros." /> : null}
      <Image.PreviewGroup>
        <ul
          aria-label="Fotos da obra"
          style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
        >
          {photos.map((p) => {
            const to = recordPath(p);
            return (
              <li key={`${p.fonte}:${p.registro}:${p.key}`} style={{ minWidth: 0 }}>
                <Card size="small" styles={{ body: { padding: 8 } }}>
                  <Image
                    src={apiPath(p.thumbUrl)}
                    alt={p.nome}
                    title={photoTitle(p.nome, p)}
                    width="100%"
                    height={140}
                    style={{ objectFit: 'cover' }}
                    loading="lazy"
                    preview={{ src: apiPath(p.url) }}
                  />
                  <Space direction="vertical" size={0} style={{ marginTop: 6, width: '100%', minWidth: 0 }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.data ? formatDate(p.data) : 'Sem data'} · {sourceLabel(p.fonte)}
                    </Typography.Text>
                    {p.tiradaEm ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {takenLabel(p)}
                      </Typography.Text>
                    ) : null}
                    {to ? (
                      // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
                      <Link to={to} style={{ fontSize: 12 }} aria-label={`${recordText(p)}: registro da foto ${p.nome}`}>
                        <Typography.Text ellipsis style={{ fontSize: 12, color: 'inherit', maxWidth: '100%' }}>
                          {recordText(p)}
                        </Typography.Text>
                      </Link>
                    ) : null}
                    <MapLink photo={p} name={p.nome} />
                  </Space>
                </Card>
              </li>
            );
          })}
        </ul>
      </Image.PreviewGroup>
      <div ref={sentinel} data-testid="galeria-fim" style={{ height: 1 }} />
      {loading ? (
        <div style={{ textAlign: 'center', padding: 16 }}>
          <Spin tip="Carregando fotos…">
            <span />
          </Spin>
        </div>
      ) : null}
    </section>
  );
}
