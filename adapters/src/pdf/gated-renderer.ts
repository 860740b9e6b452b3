import type { PdfRenderer } from './pdf-renderer';

/** A renderer and the gate in front of it: the test says when the PDF may be rendered. */
export interface GatedPdfRenderer {
  renderer: PdfRenderer;
  /** Lets every render waiting at the gate, and every later one, through. */
  open(): void;
  /** How many renders have reached the gate so far. */
  entered(): number;
}

/**
 * The real renderer behind a gate the test opens (tests only): a render waits at the gate, then renders
 * for real, so a test sees what the product does while its PDF is being made.
 */
export function gatedPdfRenderer(real: PdfRenderer): GatedPdfRenderer {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let entered = 0;
  const renderer: PdfRenderer = {
    info: () => real.info(),
    ping: () => real.ping(),
    close: () => real.close(),
    async render(html, opts) {
      entered += 1;
      await opened;
      return real.render(html, opts);
    },
  };
  return { renderer, open, entered: () => entered };
}
