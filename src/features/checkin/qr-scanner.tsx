import { useEffect, useRef, useState } from "react";

type QrScannerProps = { onCode: (code: string) => void; onClose: () => void };

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/**
 * Reads QR codes from the rear camera: the browser's own BarcodeDetector where there is one,
 * else @zxing/browser, bundled and loaded only now (nothing is fetched from another host).
 * Calls `onCode` once per code seen, then keeps scanning for the next person in line.
 */
export default function QrScanner({ onCode, onClose }: QrScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let stopZxing: (() => void) | null = null;
    let lastCode = "";
    const seen = (code: string) => {
      if (stopped || code === lastCode) return;
      lastCode = code;
      onCodeRef.current(code);
    };
    const start = async () => {
      const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
      if (Native !== undefined) {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped) return;
        video.srcObject = stream;
        await video.play();
        const detector = new Native({ formats: ["qr_code"] });
        const tick = async () => {
          if (stopped) return;
          const [found] = await detector.detect(video).catch(() => []);
          if (found !== undefined) seen(found.rawValue);
          window.setTimeout(() => void tick(), 250);
        };
        await tick();
        return;
      }
      const { BrowserQRCodeReader } = await import("@zxing/browser");
      if (stopped) return;
      const controls = await new BrowserQRCodeReader().decodeFromConstraints({ video: { facingMode: "environment" } }, video, (result) => {
        if (result) seen(result.getText());
      });
      if (stopped) controls.stop();
      else stopZxing = () => controls.stop();
    };
    start().catch(() => setError("Não foi possível abrir a câmera. Digite o código do ingresso."));
    return () => {
      stopped = true;
      stopZxing?.();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="check-in__scanner">
      {error === null ? (
        <video ref={videoRef} className="check-in__video" muted playsInline aria-label="Câmera" />
      ) : (
        <p role="alert">{error}</p>
      )}
      <button type="button" className="button button--secondary button--large" onClick={onClose}>
        Fechar câmera
      </button>
    </div>
  );
}
