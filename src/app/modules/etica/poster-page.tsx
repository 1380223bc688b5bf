/**
 * The ethics channel's poster for a site's board (/canal-etica/cartaz, issue 40): the page's address
 * as a QR code drawn in the browser (`qrcode`), and the address in letters; printed on one A4 page
 * (the links and the print button are not printed).
 */
import React, { useEffect, useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { channelUrl } from './canal-api';
import { ChannelPage } from './channel-layout';
import './poster-page.css';

export function PosterPage(): React.ReactElement {
  const address = channelUrl();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then((svg) => {
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <ChannelPage title="Cartaz do canal de ética">
      <Button className="canal-etica-no-print" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} style={{ marginBottom: 16 }}>
        Imprimir cartaz
      </Button>
      <Card className="canal-etica-cartaz">
        <Typography.Title level={2} style={{ textAlign: 'center', fontSize: 32 }}>
          Canal de ética
        </Typography.Title>
        <Typography.Paragraph style={{ textAlign: 'center', fontSize: 18 }}>
          Viu assédio, discriminação, fraude, corrupção ou risco à segurança? Relate, também sem se identificar.
        </Typography.Paragraph>
        <div style={{ display: 'flex', justifyContent: 'center', margin: '16px 0' }}>
          {qr ? (
            <img src={qr} alt={`QR code do canal de ética: ${address}`} width={280} height={280} />
          ) : (
            <div style={{ width: 280, height: 280 }} aria-busy="true" />
          )}
        </div>
        <Typography.Paragraph style={{ textAlign: 'center', fontSize: 18 }}>
          Aponte a câmera do celular ou acesse <strong>{address}</strong>
        </Typography.Paragraph>
        <Typography.Paragraph style={{ textAlign: 'center' }}>
          Não pedimos conta nem guardamos seu IP. Retaliação contra quem relata de boa-fé é proibida (Lei 14.457/2022).
        </Typography.Paragraph>
      </Card>
    </ChannelPage>
  );
}

export default PosterPage;
