import { useMemo } from "react";
import { renderSVG } from "uqr";

/**
 * The charge's QR code, drawn here from its copia-e-cola text (the provider's own PNG is not
 * needed): an SVG image, crisp at any size, that any bank app scans.
 */
export function PixQr({ code }: { code: string }) {
  const src = useMemo(() => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(code, { ecc: "M", border: 2 }))}`, [code]);
  return <img className="pix-qr" src={src} alt="QR Code PIX" width={220} height={220} />;
}
