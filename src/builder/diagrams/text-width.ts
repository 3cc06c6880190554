/**
 * How wide a diagram's text is drawn, estimated at build time (no browser): Arial's advance widths
 * (string-pixel-width), which Helvetica and Liberation Sans share, widened for Inter, the first
 * font of the diagrams' font stack (theme.css) and about a tenth wider. Used to keep labels clear
 * of lines; the renderer's own estimate runs narrower than all three fonts.
 */
import pixelWidth from 'string-pixel-width';

/** Inter over Arial, with a little to spare. */
const WIDER_FONT = 1.12;

export function textWidth(text: string, fontSize: number, bold = false): number {
  return pixelWidth(text, { font: 'arial', size: fontSize, bold }) * WIDER_FONT;
}
