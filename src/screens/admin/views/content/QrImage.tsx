import { useEffect, useState } from 'react';
import { Anchor, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminQrCode } from '../../consoleLogic';

/** A file name from a title: lower case, letters and digits joined by dashes. */
const fileName = (title: string, id: number) =>
  `${title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'qr-code'}-${id}`;

/** The code drawn in the browser (the qrcode library, loaded with this view), with its downloads. */
export function QrImage({ code, title }: { code: AdminQrCode; title: string }) {
  const { t } = useLingui();
  const [images, setImages] = useState<{ svg: string; png: string } | null>(null);
  useEffect(() => {
    let current = true;
    void (async () => {
      const module = await import('qrcode');
      const QR = (module as unknown as { default?: typeof module }).default ?? module;
      const svg = await QR.toString(code.link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      const png = await QR.toDataURL(code.link, { width: 1024, margin: 2, errorCorrectionLevel: 'M' });
      if (current) setImages({ svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png });
    })();
    return () => {
      current = false;
    };
  }, [code.link]);
  const name = fileName(code.title.en, code.id);
  return (
    <Group align="flex-start" gap="md">
      {images ? (
        <Image src={images.svg} w={200} h={200} alt={t({ id: 'admin.qr.image', message: `QR code of ${title}` })} />
      ) : (
        <Paper w={200} h={200} withBorder />
      )}
      <Stack gap={4}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {code.link}
        </Text>
        {images ? (
          <Group gap="md">
            <Anchor href={images.svg} download={`${name}.svg`}>
              <Trans id="admin.qr.downloadSvg">Download SVG (to print at any size)</Trans>
            </Anchor>
            <Anchor href={images.png} download={`${name}.png`}>
              <Trans id="admin.qr.downloadPng">Download PNG</Trans>
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}
