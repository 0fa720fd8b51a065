import { useRef, useState, type PointerEvent } from 'react';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import IconZoomIn from '@tabler/icons-react/dist/esm/icons/IconZoomIn.mjs';
import { Trans, useLingui } from '@lingui/react/macro';
import type diagrams from 'virtual:machine-diagrams';
import classes from './MachineFigure.module.css';

type Diagram = (typeof diagrams)[number];

/** The zoom steps of the viewer, from a quarter of the drawing's size to three times it. */
const zooms = [0.25, 0.5, 0.75, 1, 1.5, 2, 3] as const;

/**
 * One machine on /documentation: its drawing fitted to the column (never wider: no sideways
 * scroll on a phone), a button opening it full screen to zoom and pan, and the same machine as
 * text, its states and the events that leave each, folded below it (readable on any screen).
 */
export function MachineFigure({ diagram, title }: { diagram: Diagram; title: string }) {
  const { id, url, width, height, outline } = diagram;
  const [zooming, setZooming] = useState(false);
  const transitions = outline.reduce((count, state) => count + state.on.length, 0);
  return (
    <Paper withBorder radius="md" p="sm" component="figure" m={0} data-testid={`diagram-${id}`}>
      <Stack gap="xs">
        <Text component="figcaption" fw={700}>
          {title}{' '}
          <Text span size="sm" c="dimmed" ff="monospace">
            {id}
          </Text>
        </Text>
        <img src={url} alt={title} loading="lazy" width={width} height={height} className={classes.drawing} />
        <Group gap="xs">
          <Button variant="light" size="xs" leftSection={<IconZoomIn size={16} aria-hidden />} onClick={() => setZooming(true)} data-testid="diagram-zoom">
            <Trans id="pages.documentation.zoom">Zoom and pan</Trans>
          </Button>
        </Group>
        <details className={classes.outline} data-testid="diagram-outline">
          <summary>
            <Trans id="pages.documentation.outline">
              States and events ({outline.length} states, {transitions} transitions)
            </Trans>
          </summary>
          <Stack component="ul" gap={6} m={0} p={0} mt="xs" style={{ listStyle: 'none' }}>
            {outline.map((state) => (
              <li key={state.path} style={{ paddingInlineStart: `${Math.max(0, state.depth - 1) * 0.75}rem` }}>
                <Text size="sm" fw={700} ff="monospace">
                  {state.path}
                </Text>
                {state.on.length > 0 && (
                  <Stack component="ul" gap={0} m={0} pl="md">
                    {state.on.map((transition, index) => (
                      <Text component="li" key={index} size="xs" ff="monospace">
                        {transition.event} → {transition.to.join(', ')}
                      </Text>
                    ))}
                  </Stack>
                )}
              </li>
            ))}
          </Stack>
        </details>
      </Stack>
      {zooming && <ZoomViewer diagram={diagram} title={title} onClose={() => setZooming(false)} />}
    </Paper>
  );
}

/**
 * The drawing full screen at a chosen size: buttons zoom in and out (or fit it to the screen), a
 * finger's drag or the wheel scrolls it, the mouse drags it.
 */
function ZoomViewer({ diagram, title, onClose }: { diagram: Diagram; title: string; onClose: () => void }) {
  const { t } = useLingui();
  // null: fitted to the screen's width
  const [zoom, setZoom] = useState<number | null>(1);
  const viewport = useRef<HTMLDivElement | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const fitted = viewport.current ? Math.min(1, viewport.current.clientWidth / diagram.width) : 1;
  const current = zoom ?? fitted;
  const step = (direction: 1 | -1) => {
    const next = direction > 0 ? zooms.find((z) => z > current + 0.01) : [...zooms].reverse().find((z) => z < current - 0.01);
    if (next !== undefined) setZoom(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A finger scrolls the box itself; the mouse drags it.
    if (event.pointerType !== 'mouse' || !viewport.current) return;
    drag.current = { x: event.clientX, y: event.clientY, left: viewport.current.scrollLeft, top: viewport.current.scrollTop };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !viewport.current) return;
    viewport.current.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
    viewport.current.scrollTop = drag.current.top - (event.clientY - drag.current.y);
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <Modal opened onClose={onClose} fullScreen title={title} closeButtonProps={{ 'aria-label': t({ id: 'pages.documentation.zoomClose', message: 'Close the drawing' }) }}>
      <Stack gap="xs">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => step(-1)} disabled={current <= zooms[0]}>
            <Trans id="pages.documentation.zoomOut">Zoom out</Trans>
          </Button>
          <Button variant="default" size="xs" onClick={() => step(1)} disabled={current >= zooms[zooms.length - 1]}>
            <Trans id="pages.documentation.zoomIn">Zoom in</Trans>
          </Button>
          <Button variant="default" size="xs" onClick={() => setZoom(null)} disabled={zoom === null}>
            <Trans id="pages.documentation.zoomFit">Fit to the screen</Trans>
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="diagram-zoom-level">
            {Math.round(current * 100)} %
          </Text>
        </Group>
        <div
          ref={viewport}
          className={classes.viewport}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          data-testid="diagram-viewport"
        >
          <img
            src={diagram.url}
            alt={title}
            width={Math.round(diagram.width * current)}
            height={Math.round(diagram.height * current)}
            draggable={false}
          />
        </div>
      </Stack>
    </Modal>
  );
}
