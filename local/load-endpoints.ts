import type { EndpointSchemas } from '#http/http';
import { routes } from '#platform/routes';

/** Every route with the schemas its handler validates against (the handler modules are imported). */
export async function loadEndpoints() {
  return Promise.all(
    routes.map(async (route) => {
      const module = (await import(
        /* @vite-ignore */ new URL(`../functions/http/${route.handler}.ts`, import.meta.url).href
      )) as {
        handler: { schemas: EndpointSchemas };
      };
      return { route, schemas: module.handler.schemas };
    }),
  );
}
