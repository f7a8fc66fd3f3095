import { getPixPayloadInfo, isValidPixPayload } from "@brazilian-utils/brazilian-utils";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, test } from "vitest";
import { pixCopiaECola, qrCodePngBase64, SANDBOX_PIX_KEY } from "./br-code.ts";

describe("copia e cola", () => {
  test("is a BR Code the library parses back: key, amount, Mercado Pago's txid, valid CRC16", () => {
    const code = pixCopiaECola(1325000042, 20.5);
    expect(code.startsWith("000201")).toBe(true);
    expect(isValidPixPayload(code)).toBe(true);
    expect(getPixPayloadInfo(code)).toMatchObject({ key: SANDBOX_PIX_KEY, amount: 20.5, txid: "mpqrinter1325000042" });
  });

  test("a changed character breaks the CRC: the parser refuses it", () => {
    const code = pixCopiaECola(1325000042, 20);
    const amountChanged = code.replace("540520.00", "540530.00");
    expect(amountChanged).not.toBe(code);
    expect(getPixPayloadInfo(amountChanged)).toBeNull();
    expect(isValidPixPayload(amountChanged)).toBe(false);
  });

  test("the QR image is a PNG whose code reads back as the same text", () => {
    const code = pixCopiaECola(1325000001, 5000);
    const png = PNG.sync.read(Buffer.from(qrCodePngBase64(code), "base64"));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(code);
  });
});
