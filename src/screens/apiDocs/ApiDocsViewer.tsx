import { useEffect, useRef } from 'react';
import { parse } from 'yaml';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import './ApiDocsViewer.css';
import contract from '../../../openapi.yaml?raw';

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
    });
    // Swagger UI renders with its own React; leaving the page only has to empty its node.
    return () => {
      node.replaceChildren();
    };
  }, []);
  // The contract is written in English: said so, for screen readers, whatever the page's language.
  return <div ref={host} data-testid="openapi-viewer" className="pips-openapi" lang="en" />;
}
