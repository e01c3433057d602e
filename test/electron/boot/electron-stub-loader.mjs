/**
 * Node module hooks for the boot smoke test: `electron` resolves to the STUB beside this
 * file; everything else resolves as Node would for the built bundle.
 */
import { register } from 'node:module';

const stub = new URL('./electron-module-stub.mjs', import.meta.url).href;

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'electron') return { url: ${JSON.stringify(stub)}, shortCircuit: true };
      return next(specifier, context);
    }
  `)}`,
);
