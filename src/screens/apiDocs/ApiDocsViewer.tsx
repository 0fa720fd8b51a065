import { useEffect, useRef } from 'react';
import { parse } from 'yaml';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import './ApiDocsViewer.css';
import contract from '../../../openapi.yaml?raw';

type Element = unknown;
interface SwaggerSystem {
  React: { createElement(type: unknown, props?: object | null, ...children: Element[]): Element };
}
interface LayoutProps {
  getComponent(name: string, container?: boolean): unknown;
  specSelectors: { isOAS31(): boolean; isOAS32?(): boolean };
}

/**
 * Swagger UI's own layout (`BaseLayout`) with its operations in a `<div>` instead of a `<main>`:
 * the page already has the app's `<main>`, around the viewer, and a landmark `main` inside
 * another is an accessibility fault (axe: landmark-main-is-top-level, landmark-no-duplicate-main).
 * The rest is BaseLayout's, minus what this page turns off (servers, schemes, authorisation:
 * the spec is given without servers, and the page sends no call).
 */
function pipsLayout(system: SwaggerSystem) {
  const h = system.React.createElement;
  function PipsLayout({ getComponent, specSelectors }: LayoutProps): Element {
    const [SvgAssets, Errors, Row, Col, Info, Filter, Operations, Webhooks, Models] = [
      getComponent('SvgAssets'),
      getComponent('errors', true),
      getComponent('Row'),
      getComponent('Col'),
      getComponent('InfoContainer', true),
      getComponent('FilterContainer', true),
      getComponent('operations', true),
      getComponent('Webhooks', true),
      getComponent('Models', true),
    ];
    const withWebhooks = specSelectors.isOAS31() || specSelectors.isOAS32?.() === true;
    const wide = (child: Element) => h(Row, null, h(Col, { mobile: 12, desktop: 12 }, child));
    return h(
      'div',
      { className: 'swagger-ui' },
      h(SvgAssets),
      h(Errors),
      h(Row, { className: 'information-container' }, h(Col, { mobile: 12 }, h(Info))),
      h(Filter),
      h('div', { id: 'operations' }, wide(h(Operations)), withWebhooks ? wide(h(Webhooks)) : null, wide(h(Models))),
    );
  }
  return { components: { PipsLayout } };
}

/**
 * openapi.yaml drawn by Swagger UI (swagger-ui-dist, SmartBear's maintained viewer). The contract
 * is bundled at build time, so the page shows the very file the server validates against.
 * "Try it out" is off: the page documents the calls; the e-mail check above it makes one.
 */
export default function ApiDocsViewer() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    // Without its servers list: the calls go to this same origin, and an unnamed select would be noise.
    const { servers: _servers, ...spec } = parse(contract) as Record<string, unknown>;
    SwaggerUIBundle({
      domNode: node,
      spec,
      deepLinking: false,
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      supportedSubmitMethods: [],
      tryItOutEnabled: false,
      plugins: [pipsLayout],
      layout: 'PipsLayout',
    });
    // Swagger UI renders with its own React; leaving the page only has to empty its node.
    return () => {
      node.replaceChildren();
    };
  }, []);
  // The contract is written in English: said so, for screen readers, whatever the page's language.
  return <div ref={host} data-testid="openapi-viewer" className="pips-openapi" lang="en" />;
}
