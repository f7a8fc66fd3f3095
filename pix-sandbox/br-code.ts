/**
 * The PIX copia e cola of a charge and its QR image, as Mercado Pago's `point_of_interaction.transaction_data`
 * carries them: a BR Code (EMV QRCPS) made by `@brazilian-utils/brazilian-utils` (TLV fields and CRC16
 * included), and a PNG of its QR Code in base64.
 */
import { generatePixPayload } from "@brazilian-utils/brazilian-utils";
import { PNG } from "pngjs";
import { encode } from "uqr";

/** The sandbox account's PIX key and name, written into every code it issues. */
export const SANDBOX_PIX_KEY = "pix-sandbox@apoie.app";
export const SANDBOX_MERCHANT_NAME = "APOIE SANDBOX";
export const SANDBOX_MERCHANT_CITY = "SAO PAULO";

/** The copia e cola of a payment: Mercado Pago puts `mpqrinter<payment id>` in the txid (field 62/05). */
export function pixCopiaECola(paymentId: number, amount: number): string {
  const payload = generatePixPayload({
    key: SANDBOX_PIX_KEY,
    merchantName: SANDBOX_MERCHANT_NAME,
    merchantCity: SANDBOX_MERCHANT_CITY,
    amount,
    txid: `mpqrinter${paymentId}`,
  });
  if (payload === null) throw new Error(`no BR Code for payment ${paymentId} of ${amount}`);
  return payload;
}

const MODULE_PIXELS = 6;
const QUIET_ZONE_MODULES = 4;

/** A black-on-white PNG of the text's QR Code (error correction M, 4-module quiet zone), base64. */
export function qrCodePngBase64(text: string): string {
  const { data, size } = encode(text, { ecc: "M", border: QUIET_ZONE_MODULES });
  const width = size * MODULE_PIXELS;
  const png = new PNG({ width, height: width, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  for (let y = 0; y < width; y++) {
    const row = data[Math.floor(y / MODULE_PIXELS)]!;
    for (let x = 0; x < width; x++) png.data[y * width + x] = row[Math.floor(x / MODULE_PIXELS)] ? 0 : 255;
  }
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false }).toString("base64");
}
