// Pool threads do not inherit tsx's loader: register it, then load the TypeScript compiler module.
import { register } from 'tsx/esm/api';

register();
const { default: compilePage } = await import('./mdx-compile-worker.ts');
export default compilePage;
