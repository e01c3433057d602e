import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { forbidden } from '../../foundations/errors';
import { adminOperation, tableDifferences, type AdminRole } from './operations';

/**
 * The one check of who may call a dashboard operation: the operation `router` routes the
 * request to (its first route for the path and method: the one that answers) is read from
 * the table (http/admin/operations.ts), and the caller's roles must include one of its
 * roles. An operation missing from the table is a 500 (start-up refuses such a station, so
 * none is served). A path no route takes passes on to the router's own 404 or 405.
 */
export function adminOperationGuard(router: () => Router, rolesOf: (ctx: Context) => readonly AdminRole[]) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const route = router()
      .match(ctx.path, ctx.method)
      .pathAndMethod.find((layer) => layer.methods.length > 0);
    if (!route) return next();
    const path = String(route.path);
    const operation = adminOperation(ctx.method, path);
    if (!operation) throw new Error(`the dashboard operation ${ctx.method} ${path} is not in the table of operations (http/admin/operations.ts)`);
    if (operation.roles !== 'public') {
      const roles = rolesOf(ctx);
      if (!operation.roles.some((role) => roles.includes(role))) throw forbidden(`This needs one of the roles: ${operation.roles.join(', ')}`);
    }
    await next();
  };
}

/** Each route of the routers under `/admin/api`, as `[method, path]` (HEAD is GET's). */
export function adminRoutesOf(routers: Router[]): Array<[string, string]> {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) => {
      const path = String(layer.path);
      if (layer.methods.length === 0 || !path.startsWith('/admin/api')) return [];
      return layer.methods.filter((method) => method !== 'HEAD').map((method): [string, string] => [method, path]);
    }),
  );
}

/** Start-up: the routers hold exactly the operations the table describes, or the station does not start. */
export function assertAdminTableMatches(routers: Router[]): void {
  const { undescribed, unrouted } = tableDifferences(adminRoutesOf(routers));
  if (undescribed.length || unrouted.length) {
    throw new Error(
      `The table of dashboard operations (http/admin/operations.ts) does not match the routes: ${[
        ...undescribed.map((entry) => `routed but not described: ${entry}`),
        ...unrouted.map((entry) => `described but not routed: ${entry}`),
      ].join('; ')}`,
    );
  }
}
