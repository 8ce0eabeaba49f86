import { useEffect, useRef } from 'react';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/**
 * Swagger UI (swagger-ui-dist: plain JS and CSS inside the npm package) showing the given
 * OpenAPI document. This module is only ever imported lazily, so the viewer stays out of the
 * first-load bundle; Swagger UI renders into its own node, which React leaves alone.
 */
export default function ApiDocsViewer({ spec }: { spec: object }) {
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const domNode = node.current;
    if (!domNode) return;
    SwaggerUIBundle({
      domNode,
      spec,
      deepLinking: false,
      docExpansion: 'list',
      // The definition schemas are large: listed, but folded until asked for.
      defaultModelsExpandDepth: 0,
      filter: true,
      showExtensions: true,
      // The browser's session cookie goes with "Try it out", as with every other call.
      withCredentials: true,
    });
    return () => {
      domNode.replaceChildren();
    };
  }, [spec]);
  return <div ref={node} className="api-docs-viewer" data-testid="api-docs-viewer" />;
}
