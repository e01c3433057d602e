import type Router from '@koa/router';
import type { Context } from 'koa';
import { validate } from '../../../foundations/validate';
import { benchInput, benchRouteInput, pairScreenInput, type Benches } from './benches';
import { desktopWindowInput, type DesktopWindow } from './desktop-window';
import type { SecretThrottle } from '../../../foundations/secret-throttle';
import { addressOf } from '../../net/client-address';

/** The header a paired screen sends on every request: its bench token. */
export const BENCH_HEADER = 'x-station-bench';

/** The bench of the screen that made this request, if it is a paired one. */
export const requestBench = (ctx: Context, benches: Benches) => benches.screenBench(ctx.get(BENCH_HEADER) || undefined);

export { benchInput, benchRouteInput, pairScreenInput };

/** Dashboard: benches, their routing and their screens (docs/api/printers.md, Benches). */
export function benchAdminRoutes(router: Router, benches: Benches): void {
  router.get('/admin/api/benches', (ctx) => {
    ctx.body = benches.list();
  });
  router.post('/admin/api/benches', (ctx) => {
    ctx.status = 201;
    ctx.body = benches.add(validate(benchInput, ctx.request.body, 'The bench is not valid'));
  });
  router.get('/admin/api/benches/:id', (ctx) => {
    ctx.body = benches.get(ctx.params.id!);
  });
  router.delete('/admin/api/benches/:id', (ctx) => {
    benches.remove(ctx.params.id!);
    ctx.status = 204;
  });
  router.put('/admin/api/benches/:id/routes/:tag', (ctx) => {
    ctx.body = benches.setRoute(ctx.params.id!, ctx.params.tag!, validate(benchRouteInput, ctx.request.body, 'The bench route is not valid'));
  });
  router.delete('/admin/api/benches/:id/routes/:tag', (ctx) => {
    benches.removeRoute(ctx.params.id!, ctx.params.tag!);
    ctx.status = 204;
  });
  router.post('/admin/api/benches/:id/pairing-code', (ctx) => {
    ctx.status = 201;
    ctx.body = benches.pairingCode(ctx.params.id!);
  });
}

/**
 * Before sign-in: a screen pairs itself with the code shown on the dashboard, and a paired
 * screen asks which bench it is, with that bench's printers (its locked screen shows them).
 */
export function benchScreenRoutes(router: Router, benches: Benches, throttle: SecretThrottle): void {
  // A pairing code is short (typed by hand): each wrong one counts against the address that typed it.
  router.post('/admin/api/bench-screen', (ctx) => {
    const { code } = validate(pairScreenInput, ctx.request.body, 'The pairing code is not valid');
    const address = addressOf(ctx);
    throttle.check({ address });
    try {
      ctx.body = benches.pairScreen(code);
    } catch (error) {
      throttle.fail({ address });
      throw error;
    }
    ctx.status = 201;
  });
  router.get('/admin/api/bench-screen', (ctx) => {
    const bench = requestBench(ctx, benches);
    ctx.body = { bench: bench ? benches.get(bench.id) : null };
  });
}

/** Settings: whether the desktop app's window is the station's own or a bench's (station admin). */
export function desktopWindowRoutes(router: Router, desktopWindow: DesktopWindow): void {
  router.get('/admin/api/settings/desktop-window', (ctx) => {
    ctx.body = desktopWindow.read();
  });
  router.put('/admin/api/settings/desktop-window', (ctx) => {
    const { benchId } = validate(desktopWindowInput, ctx.request.body, 'The desktop window setting is not valid');
    ctx.body = desktopWindow.set(benchId);
  });
}
