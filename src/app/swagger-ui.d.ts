/** The part of swagger-ui-dist's self-contained bundle the API reference page uses. */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec: object;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    defaultModelExpandDepth?: number;
    displayOperationId?: boolean;
    filter?: boolean | string;
    tryItOutEnabled?: boolean;
    supportedSubmitMethods?: string[];
    showExtensions?: boolean;
    withCredentials?: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}
