import { qrDrawing } from './qrPath';

/**
 * A QR code drawn in SVG from its text, in the browser (docs/decisions/052). Its own lazy chunk:
 * only a reader who chooses WeChat Pay's QR code loads the encoder.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = qrDrawing(text);
  return (
    <svg className="payment__qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} data-code-url={text} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
