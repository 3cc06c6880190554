import { createHash } from 'node:crypto';

/** SHA-256 of the parts in order, as hex. */
export const sha256 = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** A short name for content that changes whenever the content does (file names that can be cached for ever). */
export const contentName = (...parts: (string | Buffer)[]) => sha256(...parts).slice(0, 12);
