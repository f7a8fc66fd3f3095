import { encode } from "uqr";
import "./ticket-qr.css";

/**
 * A ticket's code as an SVG QR code: one path of dark modules, drawn crisp at any size. The
 * code is the whole payload, so the door's scanner reads exactly what is typed by hand.
 */
export function TicketQr({ code }: { code: string }) {
  const { data, size } = encode(code, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="ticket__qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={`QR code do ingresso ${code}`}
      shapeRendering="crispEdges"
      data-testid="ticket-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
